//===- Tape.cpp - The LIFO tape emitted into the module -------------------===//
//
// The tape's state {base, top, capacity} lives in a thread-local global
// between gradient functions and in a stack cursor inside each of them, so
// that after inlining and SROA a push in a loop is register arithmetic and
// a store. The cursor is loaded from the global on entry and written back
// before every return and around calls of other gradient functions.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/Tape.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace qgrad::ad {
namespace {
constexpr uint64_t CellAlign = 8;
constexpr uint64_t InitialCapacity = 1 << 16;
constexpr StringRef CursorName = "qgrad.tape";
enum Field { Base = 0, Top = 1, Capacity = 2 };

bool usesTape(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  return Callee && (Callee->getName().starts_with("__qgrad_aug_") ||
                    Callee->getName().starts_with("__qgrad_rev_"));
}
} // namespace

Tape::CursorFields Tape::fieldsOf(IRBuilderBase &B, Value *Cursor) {
  return {B.CreateStructGEP(stateType(), Cursor, Base),
          B.CreateStructGEP(stateType(), Cursor, Top),
          B.CreateStructGEP(stateType(), Cursor, Capacity)};
}

void Tape::clearHandle(IRBuilderBase &B, Value *Handle) {
  B.CreateStore(Constant::getNullValue(stateType()), Handle);
}

Value *Tape::copyHandle(IRBuilderBase &B, Value *Handle) {
  Function *F = B.GetInsertBlock()->getParent();
  IRBuilder<> EB(&F->getEntryBlock(), F->getEntryBlock().getFirstInsertionPt());
  AllocaInst *Copy = EB.CreateAlloca(stateType(), nullptr, "qgrad.tape.copy");
  B.CreateStore(B.CreateLoad(stateType(), Handle), Copy);
  return Copy;
}

void Tape::freeHandle(IRBuilderBase &B, Value *Handle) {
  B.CreateCall(privateFreeFunction(), {Handle});
}

StructType *Tape::stateType() {
  LLVMContext &Ctx = M.getContext();
  return StructType::get(Ctx, {PointerType::getUnqual(Ctx),
                               Type::getInt64Ty(Ctx), Type::getInt64Ty(Ctx)});
}

GlobalVariable *Tape::state() {
  constexpr StringRef Name = "__qgrad_tape";
  if (GlobalVariable *G = M.getGlobalVariable(Name, /*AllowInternal=*/true))
    return G;
  auto *G = new GlobalVariable(M, stateType(), /*isConstant=*/false,
                               GlobalValue::InternalLinkage,
                               Constant::getNullValue(stateType()), Name);
  G->setThreadLocal(true);
  G->setAlignment(Align(8));
  return G;
}

Value *Tape::cursor(IRBuilderBase &B) {
  Function *F = B.GetInsertBlock()->getParent();
  AllocaInst *&Cursor = Cursors[F];
  if (!Cursor) {
    BasicBlock &Entry = F->getEntryBlock();
    IRBuilder<> EB(&Entry, Entry.getFirstInsertionPt());
    Cursor = EB.CreateAlloca(stateType(), nullptr, CursorName);
  }
  return Cursor;
}

void Tape::cloneCursor(Function &From, Function &To, ValueToValueMapTy &VMap) {
  if (AllocaInst *Cursor = Cursors.lookup(&From))
    Cursors[&To] = cast<AllocaInst>(VMap[Cursor]);
}

// {ptr, i64} grow(ptr base, i64 capacity, i64 need): the new base and
// capacity, on a cold, out-of-line path. It takes and returns values rather
// than the cursor's address, so the cursor never escapes and SROA keeps it in
// registers: a push is then an add, a compare and a store.
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
  auto *Result = StructType::get(Ctx, {Ptr, I64});
  Grow = Function::Create(FunctionType::get(Result, {Ptr, I64, I64}, false),
                          GlobalValue::InternalLinkage, "__qgrad_tape_grow", M);
  Grow->addFnAttr(Attribute::NoInline);
  Grow->addFnAttr(Attribute::Cold);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", Grow);
  BasicBlock *Fail = BasicBlock::Create(Ctx, "fail", Grow);
  BasicBlock *Done = BasicBlock::Create(Ctx, "done", Grow);
  IRBuilder<> B(Entry);
  Value *Doubled = B.CreateShl(Grow->getArg(1), 1);
  Value *NewCap = B.CreateBinaryIntrinsic(
      Intrinsic::umax,
      B.CreateBinaryIntrinsic(Intrinsic::umax, Doubled, Grow->getArg(2)),
      B.getInt64(InitialCapacity));
  Value *NewBase = B.CreateCall(Realloc, {Grow->getArg(0), NewCap});
  B.CreateCondBr(B.CreateIsNull(NewBase), Fail, Done);
  B.SetInsertPoint(Fail);
  B.CreateCall(Abort);
  B.CreateUnreachable();
  B.SetInsertPoint(Done);
  Value *Grown = B.CreateInsertValue(PoisonValue::get(Result), NewBase, 0);
  B.CreateRet(B.CreateInsertValue(Grown, NewCap, 1));
  return Grow;
}

// ptr reserve(ptr cursor, i64 n): the address of n fresh bytes on top.
Function *Tape::reserveFunction() {
  if (Reserve)
    return Reserve;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  Function *GrowFn = growFunction();
  Reserve =
      Function::Create(FunctionType::get(Ptr, {Ptr, I64}, false),
                       GlobalValue::InternalLinkage, "__qgrad_tape_reserve", M);
  Reserve->addFnAttr(Attribute::AlwaysInline);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", Reserve);
  BasicBlock *Slow = BasicBlock::Create(Ctx, "grow", Reserve);
  BasicBlock *Fast = BasicBlock::Create(Ctx, "store", Reserve);
  IRBuilder<> B(Entry);
  Value *Cursor = Reserve->getArg(0);
  auto [BaseAt, TopAt, CapAt] = fieldsOf(B, Cursor);
  Value *Old = B.CreateLoad(I64, TopAt);
  Value *New = B.CreateAdd(Old, Reserve->getArg(1));
  Value *Cap = B.CreateLoad(I64, CapAt);
  B.CreateCondBr(B.CreateICmpULE(New, Cap), Fast, Slow);
  B.SetInsertPoint(Slow);
  Value *Grown = B.CreateCall(GrowFn, {B.CreateLoad(Ptr, BaseAt), Cap, New});
  B.CreateStore(B.CreateExtractValue(Grown, 0), BaseAt);
  B.CreateStore(B.CreateExtractValue(Grown, 1), CapAt);
  B.CreateBr(Fast);
  B.SetInsertPoint(Fast);
  B.CreateStore(New, TopAt);
  Value *BaseV = B.CreateLoad(Ptr, BaseAt);
  B.CreateRet(B.CreateGEP(B.getInt8Ty(), BaseV, Old));
  return Reserve;
}

// ptr release(ptr cursor, i64 n): pops n bytes and returns their address.
Function *Tape::releaseFunction() {
  if (Release)
    return Release;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  Release =
      Function::Create(FunctionType::get(Ptr, {Ptr, I64}, false),
                       GlobalValue::InternalLinkage, "__qgrad_tape_release", M);
  Release->addFnAttr(Attribute::AlwaysInline);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Release));
  Value *Cursor = Release->getArg(0);
  Value *TopAt = B.CreateStructGEP(stateType(), Cursor, Top);
  Value *New = B.CreateSub(B.CreateLoad(I64, TopAt), Release->getArg(1));
  B.CreateStore(New, TopAt);
  Value *BaseV =
      B.CreateLoad(Ptr, B.CreateStructGEP(stateType(), Cursor, Base));
  B.CreateRet(B.CreateGEP(B.getInt8Ty(), BaseV, New));
  return Release;
}

void Tape::push(IRBuilderBase &B, Value *V) { pushGroup(B, {V}); }

Value *Tape::pop(IRBuilderBase &B, Type *T) { return popGroup(B, {T})[0]; }

// A group is laid out like a struct: each value at its natural alignment,
// the whole rounded up to 8 bytes, so flags and indices take 1 or 4 bytes.
SmallVector<uint64_t> Tape::layout(ArrayRef<Type *> Types, uint64_t &Total) {
  const DataLayout &DL = M.getDataLayout();
  SmallVector<uint64_t> Offsets;
  uint64_t Offset = 0;
  for (Type *T : Types) {
    uint64_t Alignment = std::min<uint64_t>(DL.getABITypeAlign(T).value(), 8);
    Offset = alignTo(Offset, Alignment);
    Offsets.push_back(Offset);
    Offset += DL.getTypeStoreSize(T);
  }
  Total = alignTo(std::max<uint64_t>(Offset, 1), CellAlign);
  return Offsets;
}

// Moves the top by a group of Types with Move (reserve or release) and
// returns where the group is.
TapeGroup Tape::moveTop(IRBuilderBase &B, ArrayRef<Type *> Types,
                        Function *Move) {
  TapeGroup Group;
  Group.Types.assign(Types.begin(), Types.end());
  uint64_t Total = 0;
  Group.Offsets = layout(Types, Total);
  Group.Cells = B.CreateCall(Move, {cursor(B), B.getInt64(Total)});
  return Group;
}

TapeGroup Tape::reserveGroup(IRBuilderBase &B, ArrayRef<Type *> Types) {
  return moveTop(B, Types, reserveFunction());
}

TapeGroup Tape::releaseGroup(IRBuilderBase &B, ArrayRef<Type *> Types) {
  return moveTop(B, Types, releaseFunction());
}

void Tape::store(IRBuilderBase &B, const TapeGroup &Group, unsigned Field,
                 Value *V) {
  uint64_t Offset = Group.Offsets[Field];
  Value *Cell =
      B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Group.Cells, Offset);
  B.CreateAlignedStore(V, Cell, commonAlignment(Align(CellAlign), Offset));
}

Value *Tape::load(IRBuilderBase &B, const TapeGroup &Group, unsigned Field) {
  uint64_t Offset = Group.Offsets[Field];
  Value *Cell =
      B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Group.Cells, Offset);
  return B.CreateAlignedLoad(Group.Types[Field], Cell,
                             commonAlignment(Align(CellAlign), Offset));
}

void Tape::pushGroup(IRBuilderBase &B, ArrayRef<Value *> Values) {
  if (Values.empty())
    return;
  SmallVector<Type *> Types;
  for (Value *V : Values)
    Types.push_back(V->getType());
  TapeGroup Group = reserveGroup(B, Types);
  for (auto [Field, V] : enumerate(Values))
    store(B, Group, Field, V);
}

SmallVector<Value *> Tape::popGroup(IRBuilderBase &B, ArrayRef<Type *> Types) {
  SmallVector<Value *> Values;
  if (Types.empty())
    return Values;
  TapeGroup Group = releaseGroup(B, Types);
  for (unsigned Field = 0; Field < Types.size(); ++Field)
    Values.push_back(load(B, Group, Field));
  return Values;
}

void Tape::saveCursor(IRBuilderBase &B) {
  Value *Cursor = cursor(B);
  B.CreateStore(B.CreateLoad(stateType(), Cursor), state());
}

void Tape::loadCursor(IRBuilderBase &B) {
  Value *Cursor = cursor(B);
  B.CreateStore(B.CreateLoad(stateType(), state()), Cursor);
}

void Tape::connectToThread(Function &F, AllocaInst *Cursor) {
  IRBuilder<> B(Cursor->getNextNode());
  loadCursor(B);
  for (BasicBlock &BB : F)
    for (Instruction &I : make_early_inc_range(BB)) {
      if (isa<ReturnInst>(I)) {
        B.SetInsertPoint(&I);
        saveCursor(B);
      } else if (auto *CB = dyn_cast<CallBase>(&I); CB && usesTape(*CB)) {
        B.SetInsertPoint(CB);
        saveCursor(B);
        B.SetInsertPoint(CB->getNextNode());
        loadCursor(B);
      }
    }
}

// The push and pop helpers of a private cursor, inlined so that a gradient
// which differentiates F sees its loads, stores and mallocs.
void Tape::inlineHelpers(Function &F) {
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I)) {
      Function *Callee = CB->getCalledFunction();
      if (Callee && (Callee == Reserve || Callee == Release)) {
        CB->setCalledFunction(Callee == Reserve ? privateReserveFunction()
                                                : privateReleaseFunction());
        Calls.push_back(CB);
      } else if (Callee && Callee == PrivateFree) {
        Calls.push_back(CB);
      }
    }
  for (CallBase *CB : Calls) {
    InlineFunctionInfo Info;
    InlineFunction(*CB, Info);
  }
}

void Tape::connect(Function &F, CursorHome Home) {
  AllocaInst *Cursor = Cursors.lookup(&F);
  if (!Cursor)
    return;
  switch (Home) {
  case CursorHome::Thread:
    connectToThread(F, Cursor);
    return;
  case CursorHome::Owned: {
    IRBuilder<> B(Cursor->getNextNode());
    B.CreateStore(Constant::getNullValue(stateType()), Cursor);
    for (BasicBlock &BB : F)
      if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
        B.SetInsertPoint(Ret);
        B.CreateCall(privateFreeFunction(), {Cursor});
      }
    break;
  }
  case CursorHome::Passed:
    Cursor->replaceAllUsesWith(F.getArg(F.arg_size() - 1));
    Cursor->eraseFromParent();
    Cursors.erase(&F);
    break;
  }
  inlineHelpers(F);
}

} // namespace qgrad::ad
