//===- LoopCounters.cpp - Less tape traffic in loops ----------------------===//
//
// Two ways the reverse sweep of a loop avoids the tape:
//  - A natural loop with a preheader, one latch and dedicated exits counts
//    its iterations. Its exits save the count (once per run of the loop) and
//    the reverse of its header counts down, instead of every iteration
//    pushing which predecessor it came from. An induction variable
//    start + k * step is recomputed from the count k in reverse.
//  - In a top-level gradient whose function writes no memory but its own
//    allocations, a value loaded from argument or constant memory is loaded
//    again in the reverse sweep instead of cached: that memory is unchanged.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/GradientSynthesis.h"

#include "qgrad/AD/Rules.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace qgrad::ad {

void Differentiator::findCountedLoops() {
  DT = std::make_unique<DominatorTree>(P);
  Loops = std::make_unique<LoopInfo>(*DT);
  for (Loop *L : Loops->getLoopsInPreorder()) {
    BasicBlock *Header = L->getHeader();
    BasicBlock *Preheader = L->getLoopPreheader();
    BasicBlock *Latch = L->getLoopLatch();
    if (!Preheader || !Latch || Preheader == Latch || !L->hasDedicatedExits())
      continue;
    if (any_of(predecessors(Header), [&](BasicBlock *Pred) {
          return Pred != Preheader && Pred != Latch;
        }))
      continue;
    CountedLoops[Header].L = L;
    SmallVector<BasicBlock *> Exits;
    L->getUniqueExitBlocks(Exits);
    for (BasicBlock *Exit : Exits)
      ExitCounters[Exit].push_back(Header);
  }
}

void Differentiator::emitForwardCounters() {
  for (auto &[Header, Counted] : CountedLoops) {
    Loop *L = Counted.L;
    auto *NewHeader = cast<BasicBlock>(VMap[Header]);
    IRBuilder<> B(NewHeader, NewHeader->begin());
    Counted.Counter = B.CreatePHI(B.getInt64Ty(), 2, "qgrad.iteration");
    B.SetInsertPoint(NewHeader, NewHeader->getFirstInsertionPt());
    Value *Next = B.CreateNUWAdd(Counted.Counter, B.getInt64(1));
    Counted.Counter->addIncoming(B.getInt64(0),
                                 cast<BasicBlock>(VMap[L->getLoopPreheader()]));
    Counted.Counter->addIncoming(Next,
                                 cast<BasicBlock>(VMap[L->getLoopLatch()]));
    IRBuilder<> S(Setup, Setup->getFirstInsertionPt());
    Counted.Remaining =
        S.CreateAlloca(S.getInt64Ty(), nullptr, "qgrad.remaining");
  }
}

void Differentiator::reverseCountedHeader(BasicBlock &BB,
                                          ArrayRef<BasicBlock *> Edges) {
  CountedLoop &Counted = CountedLoops[&BB];
  ArrayRef<BasicBlock *> Preds = Predecessors[&BB];
  auto EdgeFrom = [&](BasicBlock *Pred) {
    return Edges[find(Preds, Pred) - Preds.begin()];
  };
  Value *Remaining = Rev.CreateLoad(Rev.getInt64Ty(), Counted.Remaining);
  Value *FirstIteration = Rev.CreateICmpEQ(Remaining, Rev.getInt64(0));
  Rev.CreateStore(Rev.CreateSub(Remaining, Rev.getInt64(1)), Counted.Remaining);
  Rev.CreateCondBr(FirstIteration, EdgeFrom(Counted.L->getLoopPreheader()),
                   EdgeFrom(Counted.L->getLoopLatch()));
}

// phi [start, preheader], [phi + step, latch] read inside its loop is
// start + k * step, k the iteration the reverse sweep is undoing.
Value *Differentiator::inductionValue(PHINode *Phi) {
  auto It = CountedLoops.find(Phi->getParent());
  if (It == CountedLoops.end() || !Phi->getType()->isIntegerTy() ||
      !CurrentPrimal || !It->second.L->contains(CurrentPrimal->getParent()))
    return nullptr;
  Loop *L = It->second.L;
  Value *Start = Phi->getIncomingValueForBlock(L->getLoopPreheader());
  auto *Next = dyn_cast<BinaryOperator>(
      Phi->getIncomingValueForBlock(L->getLoopLatch()));
  if (!Next || Next->getOpcode() != Instruction::Add)
    return nullptr;
  auto *Step = dyn_cast<ConstantInt>(Next->getOperand(1));
  if (Next->getOperand(0) != Phi || !Step)
    return nullptr;
  if (auto *StartI = dyn_cast<Instruction>(Start);
      StartI && L->contains(StartI))
    return nullptr;
  Value *Iteration = Rev.CreateLoad(Rev.getInt64Ty(), It->second.Remaining);
  Value *Offset = Rev.CreateMul(Iteration, Rev.getInt64(Step->getSExtValue()));
  Value *Base = primal(Start);
  return Rev.CreateAdd(Base, Rev.CreateTrunc(Offset, Phi->getType()),
                       Phi->getName() + ".re");
}

// An allocation whose pointer only reaches loads, stores into it, memory
// intrinsics, free and lifetime markers (never stored, returned or passed on)
// can be kept alive until the reverse sweep.
void Differentiator::findKeptAllocations() {
  const Registry &Reg = E.registry();
  for (Instruction &I : instructions(P)) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    auto *CB = dyn_cast<CallBase>(&I);
    bool Heap = CB && classifyCall(*CB, Reg).Kind == CallKind::Allocation &&
                CB->getCalledFunction() &&
                !Reg.allocationLike(*CB->getCalledFunction());
    if (!(AI && AI->isStaticAlloca()) && !Heap)
      continue;
    SmallVector<Instruction *, 4> Writes;
    SmallPtrSet<const Value *, 8> Derived;
    SmallVector<const Value *> Work{&I};
    bool Escapes = false;
    while (!Work.empty() && !Escapes) {
      const Value *Ptr = Work.pop_back_val();
      if (!Derived.insert(Ptr).second)
        continue;
      for (const User *U : Ptr->users()) {
        auto *UI = const_cast<Instruction *>(dyn_cast<Instruction>(U));
        if (!UI || isa<LoadInst, ICmpInst>(UI))
          continue;
        if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst, PHINode,
                SelectInst>(UI)) {
          Work.push_back(UI);
        } else if (auto *SI = dyn_cast<StoreInst>(UI)) {
          Escapes |= SI->getValueOperand() == Ptr;
          Writes.push_back(SI);
        } else if (auto *MI = dyn_cast<MemIntrinsic>(UI)) {
          if (MI->getDest() == Ptr)
            Writes.push_back(MI);
        } else if (auto *Call = dyn_cast<CallBase>(UI)) {
          // A free must name this allocation directly, so that its move to
          // the reverse sweep is decided by this allocation alone.
          CallKind K = classifyCall(*Call, Reg).Kind;
          if (K == CallKind::Deallocation)
            Escapes |= getUnderlyingObject(Call->getArgOperand(0)) != &I;
          else
            Escapes |= K != CallKind::Ignored;
        } else {
          Escapes = true;
        }
      }
    }
    if (!Escapes)
      KeptAllocations[&I] = std::move(Writes);
  }
}

void Differentiator::findUnchangedMemory() {
  NoNonLocalWrites = false;
  if (!TopLevel)
    return;
  findKeptAllocations();
  const Registry &Reg = E.registry();
  auto IsLocal = [&](const Value *Ptr) {
    SmallVector<const Value *> Objects;
    getUnderlyingObjects(Ptr, Objects);
    return all_of(
        Objects, [&](const Value *Obj) { return isLocalAllocation(Obj, Reg); });
  };
  for (BasicBlock &BB : P)
    for (Instruction &I : BB) {
      if (auto *SI = dyn_cast<StoreInst>(&I)) {
        if (!IsLocal(SI->getPointerOperand()))
          return;
      } else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
        if (!IsLocal(MI->getDest()))
          return;
      } else if (auto *CB = dyn_cast<CallBase>(&I)) {
        switch (classifyCall(*CB, Reg).Kind) {
        case CallKind::Ignored:
        case CallKind::Inactive:
        case CallKind::Allocation:
          break;
        case CallKind::Math:
          // frexp writes its exponent through its pointer argument.
          if (any_of(CB->args(), [&](const Use &Arg) {
                return Arg->getType()->isPointerTy() && !IsLocal(Arg);
              }))
            return;
          break;
        case CallKind::OutAllocation:
        case CallKind::Deallocation:
        case CallKind::Reallocation:
          if (!IsLocal(CB->getArgOperand(0)))
            return;
          break;
        default:
          // A callee that receives no pointer cannot reach argument memory
          // (lgamma writing signgam is fine).
          if (!CB->onlyReadsMemory() && any_of(CB->args(), [](const Use &Arg) {
                return Arg->getType()->isPointerTy();
              }))
            return;
        }
      } else if (I.mayWriteToMemory()) {
        return;
      }
    }
  NoNonLocalWrites = true;
}

bool Differentiator::canReload(LoadInst *LI, unsigned Depth) {
  if (!TopLevel || !CurrentPrimal || LI->isVolatile())
    return false;
  Value *Ptr = LI->getPointerOperand();
  SmallVector<const Value *> Objects;
  getUnderlyingObjects(Ptr, Objects);
  bool Unchanged = all_of(Objects, [&](const Value *Obj) {
    auto Kept = KeptAllocations.find(Obj);
    if (Kept != KeptAllocations.end())
      return none_of(Kept->second, [&](Instruction *Write) {
        return isPotentiallyReachable(LI, Write, nullptr, DT.get(),
                                      Loops.get());
      });
    if (isa<Argument>(Obj))
      return NoNonLocalWrites;
    auto *G = dyn_cast<GlobalVariable>(Obj);
    return G && G->isConstant();
  });
  if (!Unchanged)
    return false;
  auto *PtrI = dyn_cast<Instruction>(Ptr);
  return !PtrI || canRecompute(PtrI) || isTapeFree(PtrI, Depth);
}

Value *Differentiator::reload(LoadInst *LI) {
  if (!canReload(LI, RecomputeDepth))
    return nullptr;
  return Rev.CreateAlignedLoad(LI->getType(), primal(LI->getPointerOperand()),
                               LI->getAlign(), LI->getName() + ".re");
}

// Cheap arithmetic whose operands all come back without the tape (constants,
// values defined outside cycles, reloads, recurrences, or such arithmetic
// again) is recomputed in reverse: a few instructions instead of a slot saved
// per iteration. Integer arithmetic and addresses count, so that an index
// loaded from unchanged memory (bundle adjustment's observation table) and
// the data it addresses come back by reloading.
bool Differentiator::isTapeFree(Value *V, unsigned Depth) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !inCycle(I->getParent()))
    return true;
  if (recurrenceOf(I))
    return true;
  if (Depth == 0)
    return false;
  if (auto *LI = dyn_cast<LoadInst>(I))
    return canReload(LI, Depth - 1);
  return isCheapToRecompute(I) && all_of(I->operands(), [&](Value *Op) {
           return isTapeFree(Op, Depth - 1);
         });
}

bool Differentiator::isCheapToRecompute(const Instruction *I) {
  if (isa<GetElementPtrInst>(I))
    return true;
  switch (I->getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FNeg:
  case Instruction::FPExt:
  case Instruction::FPTrunc:
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
    return true;
  default:
    if (auto *II = dyn_cast<IntrinsicInst>(I))
      return II->getIntrinsicID() == Intrinsic::fmuladd ||
             II->getIntrinsicID() == Intrinsic::fma;
    return false;
  }
}

Value *Differentiator::recomputedArithmetic(Value *V, bool Shadow) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !CurrentPrimal || !inCycle(I->getParent()) ||
      !isCheapToRecompute(I) || (Shadow && !isa<GetElementPtrInst>(I)) ||
      !isTapeFree(I, RecomputeDepth))
    return nullptr;
  return recompute(I, Shadow);
}

} // namespace qgrad::ad
