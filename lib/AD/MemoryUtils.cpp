//===- MemoryUtils.cpp - Heap and memory helpers --------------------------===//

#include "qgrad/AD/MemoryUtils.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

Module &moduleOf(IRBuilderBase &B) { return *B.GetInsertBlock()->getModule(); }

// void __qgrad_move_adjoints_<type>(ptr dst, ptr src, i64 bytes)
// Walks upwards when dst > src and downwards otherwise, so that an element
// is never cleared after another element's adjoint was added into it.
Function *moveFunction(Module &M, Type *FloatTy) {
  std::string Name = "__qgrad_move_adjoints_" +
                     std::to_string(FloatTy->getPrimitiveSizeInBits());
  if (Function *F = M.getFunction(Name))
    return F;
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Function *F = Function::Create(
      FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, I64}, false),
      GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(Attribute::NoUnwind);
  Value *Dst = F->getArg(0), *Src = F->getArg(1);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", F);
  BasicBlock *Loop = BasicBlock::Create(Ctx, "loop", F);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", F);
  IRBuilder<> B(Entry);
  uint64_t Size = FloatTy->getPrimitiveSizeInBits() / 8;
  Value *Count = B.CreateUDiv(F->getArg(2), B.getInt64(Size));
  Value *Upwards = B.CreateICmpUGT(Dst, Src);
  B.CreateCondBr(B.CreateICmpEQ(Count, B.getInt64(0)), Done, Loop);
  B.SetInsertPoint(Loop);
  PHINode *K = B.CreatePHI(I64, 2);
  K->addIncoming(B.getInt64(0), Entry);
  Value *Index = B.CreateSelect(
      Upwards, K, B.CreateSub(B.CreateSub(Count, B.getInt64(1)), K));
  Value *D = B.CreateGEP(FloatTy, Dst, Index);
  Value *S = B.CreateGEP(FloatTy, Src, Index);
  Value *Adj = B.CreateLoad(FloatTy, D);
  B.CreateStore(ConstantFP::get(FloatTy, 0.0), D);
  B.CreateStore(B.CreateFAdd(B.CreateLoad(FloatTy, S), Adj), S);
  Value *Next = B.CreateAdd(K, B.getInt64(1));
  K->addIncoming(Next, Loop);
  B.CreateCondBr(B.CreateICmpEQ(Next, Count), Done, Loop);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
  return F;
}

} // namespace

Value *zeroedAllocation(IRBuilderBase &B, Value *Size, const Twine &Name) {
  Type *Ptr = B.getPtrTy();
  FunctionCallee Calloc = moduleOf(B).getOrInsertFunction(
      "calloc",
      FunctionType::get(Ptr, {B.getInt64Ty(), B.getInt64Ty()}, false));
  return B.CreateCall(
      Calloc, {B.getInt64(1), B.CreateZExtOrTrunc(Size, B.getInt64Ty())}, Name);
}

void freeAllocation(IRBuilderBase &B, Value *Ptr) {
  FunctionCallee Free = moduleOf(B).getOrInsertFunction(
      "free", FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false));
  B.CreateCall(Free, {Ptr});
}

Value *usableSize(IRBuilderBase &B, Value *Ptr) {
  FunctionCallee Usable = moduleOf(B).getOrInsertFunction(
      "malloc_usable_size",
      FunctionType::get(B.getInt64Ty(), {B.getPtrTy()}, false));
  return B.CreateCall(Usable, {Ptr});
}

void moveAdjoints(IRBuilderBase &B, Type *FloatTy, Value *DstShadow,
                  Value *SrcShadow, Value *Bytes) {
  B.CreateCall(
      moveFunction(moduleOf(B), FloatTy),
      {DstShadow, SrcShadow, B.CreateZExtOrTrunc(Bytes, B.getInt64Ty())});
}

} // namespace qgrad::ad
