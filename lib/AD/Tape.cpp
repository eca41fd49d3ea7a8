//===- Tape.cpp - The LIFO tape emitted into the module -------------------===//

#include "qgrad/AD/Tape.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {
namespace {
constexpr uint64_t CellAlign = 8;
constexpr uint64_t InitialCapacity = 1 << 16;
} // namespace

GlobalVariable *Tape::global(StringRef Name, Type *T) {
  if (GlobalVariable *G = M.getGlobalVariable(Name, /*AllowInternal=*/true))
    return G;
  auto *G = new GlobalVariable(M, T, /*isConstant=*/false,
                               GlobalValue::InternalLinkage,
                               Constant::getNullValue(T), Name);
  G->setThreadLocal(true);
  G->setAlignment(Align(8));
  return G;
}

uint64_t Tape::cellSize(Type *T) const {
  uint64_t Size = M.getDataLayout().getTypeStoreSize(T);
  return alignTo(std::max<uint64_t>(Size, 1), CellAlign);
}

// Grows the buffer to hold at least `need` bytes: a cold, out-of-line path.
Function *Tape::growFunction() {
  if (Grow)
    return Grow;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  FunctionCallee Realloc = M.getOrInsertFunction(
      "realloc", FunctionType::get(Ptr, {Ptr, I64}, false));
  FunctionCallee Abort = M.getOrInsertFunction(
      "abort", FunctionType::get(Type::getVoidTy(Ctx), false));
  Grow = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), {I64}, false),
                          GlobalValue::InternalLinkage, "__qgrad_tape_grow", M);
  Grow->addFnAttr(Attribute::NoInline);
  Grow->addFnAttr(Attribute::Cold);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", Grow);
  BasicBlock *Fail = BasicBlock::Create(Ctx, "fail", Grow);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", Grow);
  IRBuilder<> B(Entry);
  GlobalVariable *Base = global("__qgrad_tape_base", Ptr);
  GlobalVariable *Cap = global("__qgrad_tape_cap", I64);
  Value *Doubled = B.CreateShl(B.CreateLoad(I64, Cap), 1);
  Value *NewCap = B.CreateBinaryIntrinsic(
      Intrinsic::umax,
      B.CreateBinaryIntrinsic(Intrinsic::umax, Doubled, Grow->getArg(0)),
      B.getInt64(InitialCapacity));
  Value *NewBase = B.CreateCall(Realloc, {B.CreateLoad(Ptr, Base), NewCap});
  B.CreateCondBr(B.CreateIsNull(NewBase), Fail, Done);
  B.SetInsertPoint(Fail);
  B.CreateCall(Abort);
  B.CreateUnreachable();
  B.SetInsertPoint(Done);
  B.CreateStore(NewBase, Base);
  B.CreateStore(NewCap, Cap);
  B.CreateRetVoid();
  return Grow;
}

// ptr reserve(i64 n): the address of n fresh bytes on top of the tape.
Function *Tape::reserveFunction() {
  if (Reserve)
    return Reserve;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  Function *GrowFn = growFunction();
  Reserve =
      Function::Create(FunctionType::get(Ptr, {I64}, false),
                       GlobalValue::InternalLinkage, "__qgrad_tape_reserve", M);
  Reserve->addFnAttr(Attribute::AlwaysInline);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", Reserve);
  BasicBlock *Slow = BasicBlock::Create(Ctx, "grow", Reserve);
  BasicBlock *Fast = BasicBlock::Create(Ctx, "store", Reserve);
  IRBuilder<> B(Entry);
  GlobalVariable *Base = global("__qgrad_tape_base", Ptr);
  GlobalVariable *Top = global("__qgrad_tape_top", I64);
  GlobalVariable *Cap = global("__qgrad_tape_cap", I64);
  Value *Old = B.CreateLoad(I64, Top);
  Value *New = B.CreateAdd(Old, Reserve->getArg(0));
  Value *Fits = B.CreateICmpULE(New, B.CreateLoad(I64, Cap));
  B.CreateCondBr(Fits, Fast, Slow);
  B.SetInsertPoint(Slow);
  B.CreateCall(GrowFn, {New});
  B.CreateBr(Fast);
  B.SetInsertPoint(Fast);
  B.CreateStore(New, Top);
  B.CreateRet(B.CreateGEP(B.getInt8Ty(), B.CreateLoad(Ptr, Base), Old));
  return Reserve;
}

// ptr release(i64 n): pops n bytes and returns their address.
Function *Tape::releaseFunction() {
  if (Release)
    return Release;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  Release =
      Function::Create(FunctionType::get(Ptr, {I64}, false),
                       GlobalValue::InternalLinkage, "__qgrad_tape_release", M);
  Release->addFnAttr(Attribute::AlwaysInline);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Release));
  GlobalVariable *Base = global("__qgrad_tape_base", Ptr);
  GlobalVariable *Top = global("__qgrad_tape_top", I64);
  Value *New = B.CreateSub(B.CreateLoad(I64, Top), Release->getArg(0));
  B.CreateStore(New, Top);
  B.CreateRet(B.CreateGEP(B.getInt8Ty(), B.CreateLoad(Ptr, Base), New));
  return Release;
}

void Tape::push(IRBuilderBase &B, Value *V) {
  Value *Cell =
      B.CreateCall(reserveFunction(), {B.getInt64(cellSize(V->getType()))});
  B.CreateAlignedStore(V, Cell, Align(CellAlign));
}

Value *Tape::pop(IRBuilderBase &B, Type *T) {
  Value *Cell = B.CreateCall(releaseFunction(), {B.getInt64(cellSize(T))});
  return B.CreateAlignedLoad(T, Cell, Align(CellAlign));
}

void Tape::pushGroup(IRBuilderBase &B, ArrayRef<Value *> Values) {
  if (Values.empty())
    return;
  uint64_t Total = 0;
  for (Value *V : Values)
    Total += cellSize(V->getType());
  Value *Base = B.CreateCall(reserveFunction(), {B.getInt64(Total)});
  uint64_t Offset = 0;
  for (Value *V : Values) {
    Value *Cell = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Base, Offset);
    B.CreateAlignedStore(V, Cell, Align(CellAlign));
    Offset += cellSize(V->getType());
  }
}

SmallVector<Value *> Tape::popGroup(IRBuilderBase &B, ArrayRef<Type *> Types) {
  SmallVector<Value *> Values;
  if (Types.empty())
    return Values;
  uint64_t Total = 0;
  for (Type *T : Types)
    Total += cellSize(T);
  Value *Base = B.CreateCall(releaseFunction(), {B.getInt64(Total)});
  uint64_t Offset = 0;
  for (Type *T : Types) {
    Value *Cell = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Base, Offset);
    Values.push_back(B.CreateAlignedLoad(T, Cell, Align(CellAlign)));
    Offset += cellSize(T);
  }
  return Values;
}

} // namespace qgrad::ad
