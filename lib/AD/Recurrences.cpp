//===- Recurrences.cpp - Values the reverse sweep computes from counts ----===//
//
// In a loop, an integer or address that scalar evolution describes as a
// recurrence of counted loops ({start, +, step} per loop, sums, products,
// extensions, min/max of loop-invariant values) is a function of the
// iteration numbers the reverse sweep already keeps. The reverse sweep
// evaluates it instead of caching it, so it never reaches the tape:
//  - integer values and pointers (GEP chains over one base pointer);
//  - shadows of such pointers: the shadow base at the same offset;
//  - the trip count a counted loop's exit would otherwise push.
// Only loop-invariant leaves (arguments, constants, values defined outside
// every cycle) are read from their cache slots: each is defined once, so
// its slot holds the value every iteration saw.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/GradientSynthesis.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {

void Differentiator::buildScalarEvolution() {
  LibraryInfoImpl =
      std::make_unique<TargetLibraryInfoImpl>(P.getParent()->getTargetTriple());
  LibraryInfo = std::make_unique<TargetLibraryInfo>(*LibraryInfoImpl, &P);
  Assumptions = std::make_unique<AssumptionCache>(P);
  SE = std::make_unique<ScalarEvolution>(P, *LibraryInfo, *Assumptions, *DT,
                                         *Loops);
}

// Whether S can be evaluated by reverse code of a block in the loops that
// contain Context.
bool Differentiator::isEvaluable(const SCEV *S, const BasicBlock *Context) {
  if (isa<SCEVConstant>(S))
    return true;
  if (auto *Unknown = dyn_cast<SCEVUnknown>(S)) {
    Value *V = Unknown->getValue();
    if (isa<Constant, Argument>(V))
      return true;
    auto *I = dyn_cast<Instruction>(V);
    return I && I->getFunction() == &P && !inCycle(I->getParent());
  }
  if (auto *Rec = dyn_cast<SCEVAddRecExpr>(S)) {
    const Loop *L = Rec->getLoop();
    return Rec->isAffine() && L->contains(Context) &&
           CountedLoops.count(L->getHeader()) &&
           isEvaluable(Rec->getStart(), Context) &&
           isEvaluable(Rec->getStepRecurrence(*SE), Context);
  }
  if (auto *Div = dyn_cast<SCEVUDivExpr>(S)) {
    // A division is evaluated only by a non-zero constant: an evaluated trip
    // count must not trap where the primal did not divide.
    auto *RHS = dyn_cast<SCEVConstant>(Div->getRHS());
    return RHS && !RHS->getValue()->isZero() &&
           isEvaluable(Div->getLHS(), Context);
  }
  if (isa<SCEVAddExpr, SCEVMulExpr, SCEVMinMaxExpr, SCEVCastExpr>(S))
    return all_of(S->operands(),
                  [&](const SCEV *Op) { return isEvaluable(Op, Context); });
  return false;
}

// Integer arithmetic, or an offset from the one pointer operand.
Value *Differentiator::evaluateSum(ArrayRef<Value *> Terms) {
  Value *Pointer = nullptr;
  Value *Sum = nullptr;
  for (Value *Term : Terms) {
    if (Term->getType()->isPointerTy()) {
      Pointer = Term;
      continue;
    }
    Sum = Sum ? Rev.CreateAdd(Sum, Term) : Term;
  }
  if (!Pointer)
    return Sum;
  return Sum ? Rev.CreatePtrAdd(Pointer, Sum) : Pointer;
}

Value *Differentiator::evaluate(const SCEV *S, const BasicBlock *Context) {
  Type *Ty = S->getType();
  if (auto *C = dyn_cast<SCEVConstant>(S))
    return C->getValue();
  if (auto *Unknown = dyn_cast<SCEVUnknown>(S))
    return primal(Unknown->getValue());
  if (auto *Rec = dyn_cast<SCEVAddRecExpr>(S)) {
    Value *Start = evaluate(Rec->getStart(), Context);
    Value *Step = evaluate(Rec->getStepRecurrence(*SE), Context);
    Value *Iteration = Rev.CreateLoad(
        Rev.getInt64Ty(), CountedLoops[Rec->getLoop()->getHeader()].Remaining);
    Iteration = Rev.CreateZExtOrTrunc(Iteration, Step->getType());
    return evaluateSum({Start, Rev.CreateMul(Iteration, Step)});
  }
  SmallVector<Value *, 4> Ops;
  for (const SCEV *Op : S->operands())
    Ops.push_back(evaluate(Op, Context));
  switch (S->getSCEVType()) {
  case scAddExpr:
    return evaluateSum(Ops);
  case scMulExpr: {
    Value *Product = Ops.front();
    for (Value *Op : ArrayRef(Ops).drop_front())
      Product = Rev.CreateMul(Product, Op);
    return Product;
  }
  case scUDivExpr:
    return Rev.CreateUDiv(Ops[0], Ops[1]);
  case scZeroExtend:
    return Rev.CreateZExt(Ops[0], Ty);
  case scSignExtend:
    return Rev.CreateSExt(Ops[0], Ty);
  case scTruncate:
    return Rev.CreateTrunc(Ops[0], Ty);
  case scPtrToInt:
    return Rev.CreatePtrToInt(Ops[0], Ty);
  case scSMaxExpr:
  case scUMaxExpr:
  case scSMinExpr:
  case scUMinExpr:
  case scSequentialUMinExpr: {
    Intrinsic::ID ID = S->getSCEVType() == scSMaxExpr   ? Intrinsic::smax
                       : S->getSCEVType() == scUMaxExpr ? Intrinsic::umax
                       : S->getSCEVType() == scSMinExpr ? Intrinsic::smin
                                                        : Intrinsic::umin;
    Value *Result = Ops.front();
    for (Value *Op : ArrayRef(Ops).drop_front())
      Result = Rev.CreateBinaryIntrinsic(ID, Result, Op);
    return Result;
  }
  default:
    llvm_unreachable("isEvaluable admitted an expression evaluate lacks");
  }
}

// The recurrence V is at the position of Context in reverse. Only values
// that would otherwise be cached per iteration are worth it: a value outside
// every cycle costs a slot, not tape.
const SCEV *Differentiator::recurrenceAt(Value *V, const BasicBlock *Context) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !inCycle(I->getParent()) || !SE->isSCEVable(I->getType()))
    return nullptr;
  const SCEV *S = SE->getSCEV(I);
  if (isa<SCEVUnknown, SCEVCouldNotCompute>(S) || !isEvaluable(S, Context))
    return nullptr;
  return S;
}

const SCEV *Differentiator::recurrenceOf(Value *V) {
  return CurrentPrimal ? recurrenceAt(V, CurrentPrimal->getParent()) : nullptr;
}

Value *Differentiator::evaluatedPrimal(Value *V) {
  const SCEV *S = recurrenceOf(V);
  if (!S)
    return nullptr;
  Value *Result = evaluate(S, CurrentPrimal->getParent());
  Result->setName(V->getName() + ".ev");
  return Result;
}

// Shadows mirror every GEP and phi of their primal pointers, so a pointer at
// some offset from its base has its shadow at that offset from the base's
// shadow.
Value *Differentiator::evaluatedShadow(Value *V) {
  const SCEV *S = recurrenceOf(V);
  if (!S || !S->getType()->isPointerTy())
    return nullptr;
  auto *Base = dyn_cast<SCEVUnknown>(SE->getPointerBase(S));
  if (!Base || !isEvaluable(Base, CurrentPrimal->getParent()) ||
      !ForwardShadows.count(Base->getValue()))
    return nullptr;
  const SCEV *Offset = SE->getMinusSCEV(S, Base);
  if (isa<SCEVCouldNotCompute>(Offset) ||
      !isEvaluable(Offset, CurrentPrimal->getParent()))
    return nullptr;
  Value *BaseShadow = cached(forwardShadow(Base->getValue()));
  return Rev.CreatePtrAdd(BaseShadow,
                          evaluate(Offset, CurrentPrimal->getParent()),
                          V->getName() + ".shadow.ev");
}

// The exit Exit of the counted loop with header Header saves the loop's
// count for its reverse; when scalar evolution knows that count as an
// evaluable expression, the reverse of Exit computes it instead.
bool Differentiator::evaluateExitCount(BasicBlock *Header, BasicBlock &Exit) {
  Loop *L = CountedLoops[Header].L;
  BasicBlock *Exiting = Exit.getSinglePredecessor();
  if (!Exiting || !L->contains(Exiting))
    return false;
  const SCEV *Count = SE->getExitCount(L, Exiting);
  if (isa<SCEVCouldNotCompute>(Count) || !Count->getType()->isIntegerTy() ||
      !isEvaluable(Count, &Exit))
    return false;
  Value *Evaluated = evaluate(Count, &Exit);
  Rev.CreateStore(Rev.CreateZExtOrTrunc(Evaluated, Rev.getInt64Ty()),
                  CountedLoops[Header].Remaining);
  return true;
}

// A value at the position of Context in reverse: loop-invariant values from
// their slots, recurrences evaluated.
bool Differentiator::isEvaluableAt(Value *V, const BasicBlock *Context) {
  auto *I = dyn_cast<Instruction>(V);
  return !I || !inCycle(I->getParent()) || recurrenceAt(V, Context);
}

Value *Differentiator::evaluateAt(Value *V, const BasicBlock *Context) {
  if (const SCEV *S = recurrenceAt(V, Context))
    return evaluate(S, Context);
  return primal(V);
}

// Which of BB's two predecessors the forward sweep came from is often decided
// by one conditional branch: the one ending their nearest common dominator D,
// when each of its successors leads to BB through a different predecessor
// without passing D again. When its condition compares values evaluable in
// reverse, the reverse of BB recomputes the decision instead of popping an
// index. D must be in BB's innermost loop, so that the iteration numbers the
// evaluation reads are the ones D ran in, and on every cycle through BB.
Value *Differentiator::predecessorFromBranch(BasicBlock &BB,
                                             ArrayRef<BasicBlock *> Preds) {
  if (Preds.size() != 2)
    return nullptr;
  BasicBlock *D = DT->findNearestCommonDominator(Preds[0], Preds[1]);
  auto *Br = D ? dyn_cast<BranchInst>(D->getTerminator()) : nullptr;
  if (!Br || !Br->isConditional() ||
      Loops->getLoopFor(D) != Loops->getLoopFor(&BB))
    return nullptr;
  auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
  if (!Cmp || !isEvaluableAt(Cmp->getOperand(0), &BB) ||
      !isEvaluableAt(Cmp->getOperand(1), &BB))
    return nullptr;
  // The predecessor each successor of D reaches BB through.
  auto ReachedPredecessor = [&](BasicBlock *Succ) -> int {
    if (Succ == &BB)
      return D == Preds[0] ? 0 : D == Preds[1] ? 1 : -1;
    SmallPtrSet<BasicBlock *, 16> Seen{D, &BB};
    SmallVector<BasicBlock *> Work{Succ};
    int Reached = -1;
    while (!Work.empty()) {
      BasicBlock *Cur = Work.pop_back_val();
      if (!Seen.insert(Cur).second)
        continue;
      for (BasicBlock *Next : successors(Cur)) {
        if (Next == D)
          return -1;
        if (Next != &BB)
          continue;
        int K = Cur == Preds[0] ? 0 : 1;
        if (Reached >= 0 && Reached != K)
          return -1;
        Reached = K;
      }
      append_range(Work, successors(Cur));
    }
    return Reached;
  };
  // D must run again before BB can: otherwise (irreducible flow, a cycle
  // inside D's loop) BB may run several times after one decision. (LLVM's
  // isPotentiallyReachableFromMany gives up after 32 blocks and answers
  // yes, which loses this on GMM's kernel; the walk here is exact.)
  SmallPtrSet<BasicBlock *, 16> Seen{D};
  SmallVector<BasicBlock *> Work(successors(&BB));
  while (!Work.empty()) {
    BasicBlock *Cur = Work.pop_back_val();
    if (Cur == &BB)
      return nullptr;
    if (Seen.insert(Cur).second)
      append_range(Work, successors(Cur));
  }
  int IfTrue = ReachedPredecessor(Br->getSuccessor(0));
  int IfFalse = ReachedPredecessor(Br->getSuccessor(1));
  if (IfTrue < 0 || IfFalse < 0 || IfTrue == IfFalse)
    return nullptr;
  Value *Taken = Rev.CreateICmp(
      Cmp->getPredicate(), evaluateAt(Cmp->getOperand(0), &BB),
      evaluateAt(Cmp->getOperand(1), &BB), Cmp->getName() + ".ev");
  return Rev.CreateSelect(Taken, Rev.getInt32(IfTrue), Rev.getInt32(IfFalse));
}

} // namespace qgrad::ad
