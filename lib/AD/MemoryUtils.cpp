//===- MemoryUtils.cpp - Heap and memory helpers --------------------------===//

#include "qgrad/AD/MemoryUtils.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

Module &moduleOf(IRBuilderBase &B) { return *B.GetInsertBlock()->getModule(); }

// Emits, from B's block of F, a loop over Index in [0, Count): upwards when
// Upwards holds, else from Count - 1 down; Body fills one iteration (it may
// add blocks). Leaves B in the block after the loop.
void emitOrderedLoop(IRBuilder<> &B, Function *F, Value *Count, Value *Upwards,
                     function_ref<void(IRBuilder<> &, Value *)> Body) {
  LLVMContext &Ctx = F->getContext();
  BasicBlock *Entry = B.GetInsertBlock();
  BasicBlock *Loop = BasicBlock::Create(Ctx, "loop", F);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", F);
  B.CreateCondBr(B.CreateICmpEQ(Count, B.getInt64(0)), Done, Loop);
  B.SetInsertPoint(Loop);
  PHINode *K = B.CreatePHI(B.getInt64Ty(), 2);
  K->addIncoming(B.getInt64(0), Entry);
  Body(B, B.CreateSelect(Upwards, K,
                         B.CreateSub(B.CreateSub(Count, B.getInt64(1)), K)));
  Value *Next = B.CreateAdd(K, B.getInt64(1));
  K->addIncoming(Next, B.GetInsertBlock());
  B.CreateCondBr(B.CreateICmpEQ(Next, Count), Done, Loop);
  B.SetInsertPoint(Done);
}

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
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  uint64_t Size = FloatTy->getPrimitiveSizeInBits() / 8;
  Value *Count = B.CreateUDiv(F->getArg(2), B.getInt64(Size));
  emitOrderedLoop(B, F, Count, B.CreateICmpUGT(Dst, Src),
                  [&](IRBuilder<> &B, Value *Index) {
                    Value *D = B.CreateGEP(FloatTy, Dst, Index);
                    Value *S = B.CreateGEP(FloatTy, Src, Index);
                    Value *Adj = B.CreateLoad(FloatTy, D);
                    B.CreateStore(ConstantFP::get(FloatTy, 0.0), D);
                    B.CreateStore(B.CreateFAdd(B.CreateLoad(FloatTy, S), Adj),
                                  S);
                  });
  B.CreateRetVoid();
  return F;
}

// The float or pointer leaves of T at their byte offsets.
void recordFields(const DataLayout &DL, Type *T, uint64_t Offset,
                  SmallVectorImpl<std::pair<uint64_t, Type *>> &Fields) {
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *Layout = DL.getStructLayout(ST);
    for (auto [K, Elem] : enumerate(ST->elements()))
      recordFields(DL, Elem, Offset + Layout->getElementOffset(K), Fields);
  } else if (auto *AT = dyn_cast<ArrayType>(T)) {
    uint64_t Stride = DL.getTypeAllocSize(AT->getElementType());
    for (uint64_t K = 0; K < AT->getNumElements(); ++K)
      recordFields(DL, AT->getElementType(), Offset + K * Stride, Fields);
  } else if (T->isPointerTy() || T->isFPOrFPVectorTy()) {
    Fields.push_back({Offset, T});
  }
}

enum class RecordWalk { CopyPointers, MoveAdjoints };

// void f(ptr dst, ptr src, i64 bytes) over the records of a copy, one field
// at a time, each only if it lies within the bytes copied, in the order an
// overlapping copy (memmove) needs.
Function *recordFunction(Module &M, StructType *Record, RecordWalk Walk) {
  const DataLayout &DL = M.getDataLayout();
  SmallVector<std::pair<uint64_t, Type *>> Fields;
  recordFields(DL, Record, 0, Fields);
  erase_if(Fields, [&](const std::pair<uint64_t, Type *> &F) {
    return F.second->isPointerTy() != (Walk == RecordWalk::CopyPointers);
  });
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Function *F = Function::Create(
      FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, I64}, false),
      GlobalValue::InternalLinkage,
      Walk == RecordWalk::CopyPointers ? "__qgrad_copy_record_pointers"
                                       : "__qgrad_move_record_adjoints",
      M);
  F->addFnAttr(Attribute::NoUnwind);
  Value *Dst = F->getArg(0), *Src = F->getArg(1), *Bytes = F->getArg(2);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  uint64_t Period = DL.getTypeAllocSize(Record);
  Value *Count = B.CreateUDiv(B.CreateAdd(Bytes, B.getInt64(Period - 1)),
                              B.getInt64(Period));
  // A forward copy reads each record before it is overwritten (downwards
  // when dst > src); the reverse clears each destination record before its
  // memory receives another one's adjoints (upwards then).
  Value *Upwards = Walk == RecordWalk::CopyPointers ? B.CreateICmpULT(Dst, Src)
                                                    : B.CreateICmpUGT(Dst, Src);
  emitOrderedLoop(B, F, Count, Upwards, [&](IRBuilder<> &B, Value *Index) {
    Value *Base = B.CreateMul(Index, B.getInt64(Period));
    for (auto [Offset, T] : Fields) {
      Value *At = B.CreateAdd(Base, B.getInt64(Offset));
      Value *End = B.CreateAdd(At, B.getInt64(DL.getTypeStoreSize(T)));
      BasicBlock *Field = BasicBlock::Create(Ctx, "field", F);
      BasicBlock *Next = BasicBlock::Create(Ctx, "next", F);
      B.CreateCondBr(B.CreateICmpULE(End, Bytes), Field, Next);
      B.SetInsertPoint(Field);
      Value *D = B.CreateGEP(B.getInt8Ty(), Dst, At);
      Value *S = B.CreateGEP(B.getInt8Ty(), Src, At);
      if (Walk == RecordWalk::CopyPointers) {
        B.CreateStore(B.CreateLoad(T, S), D);
      } else {
        Value *Adj = B.CreateLoad(T, D);
        B.CreateStore(Constant::getNullValue(T), D);
        B.CreateStore(B.CreateFAdd(B.CreateLoad(T, S), Adj), S);
      }
      B.CreateBr(Next);
      B.SetInsertPoint(Next);
    }
  });
  B.CreateRetVoid();
  return F;
}

void callRecordFunction(IRBuilderBase &B, StructType *Record, RecordWalk Walk,
                        Value *DstShadow, Value *SrcShadow, Value *Bytes) {
  B.CreateCall(
      recordFunction(moduleOf(B), Record, Walk),
      {DstShadow, SrcShadow, B.CreateZExtOrTrunc(Bytes, B.getInt64Ty())});
}

} // namespace

static constexpr StringRef ShadowAllocationMark = "qgrad.shadow.allocation";

Value *markShadowAllocation(Value *Shadow) {
  if (auto *I = dyn_cast<Instruction>(Shadow))
    I->setMetadata(ShadowAllocationMark, MDNode::get(I->getContext(), {}));
  return Shadow;
}

bool isShadowAllocation(const Instruction &I) {
  return I.getMetadata(ShadowAllocationMark);
}

void stripShadowAllocationMarks(Module &M) {
  unsigned Kind = M.getContext().getMDKindID(ShadowAllocationMark);
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        I.setMetadata(Kind, nullptr);
}

Value *zeroedAllocation(IRBuilderBase &B, Value *Size, const Twine &Name) {
  Type *Ptr = B.getPtrTy();
  FunctionCallee Calloc = moduleOf(B).getOrInsertFunction(
      "calloc",
      FunctionType::get(Ptr, {B.getInt64Ty(), B.getInt64Ty()}, false));
  return markShadowAllocation(B.CreateCall(
      Calloc, {B.getInt64(1), B.CreateZExtOrTrunc(Size, B.getInt64Ty())},
      Name));
}

Value *zeroedAlignedAllocation(IRBuilderBase &B, Value *Align, Value *Size,
                               const Twine &Name) {
  Type *I64 = B.getInt64Ty();
  FunctionCallee AlignedAlloc = moduleOf(B).getOrInsertFunction(
      "aligned_alloc", FunctionType::get(B.getPtrTy(), {I64, I64}, false));
  // C11 wants the size to be a multiple of the (power-of-two) alignment.
  Align = B.CreateZExtOrTrunc(Align, I64);
  Value *Mask = B.CreateSub(Align, B.getInt64(1));
  Value *Rounded = B.CreateAnd(
      B.CreateAdd(B.CreateZExtOrTrunc(Size, I64), Mask), B.CreateNot(Mask));
  Value *Block =
      markShadowAllocation(B.CreateCall(AlignedAlloc, {Align, Rounded}, Name));
  B.CreateMemSet(Block, B.getInt8(0), Rounded, MaybeAlign());
  return Block;
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

void copyRecordPointerShadows(IRBuilderBase &B, StructType *Record,
                              Value *DstShadow, Value *SrcShadow,
                              Value *Bytes) {
  callRecordFunction(B, Record, RecordWalk::CopyPointers, DstShadow, SrcShadow,
                     Bytes);
}

void moveRecordAdjoints(IRBuilderBase &B, StructType *Record, Value *DstShadow,
                        Value *SrcShadow, Value *Bytes) {
  callRecordFunction(B, Record, RecordWalk::MoveAdjoints, DstShadow, SrcShadow,
                     Bytes);
}

} // namespace qgrad::ad
