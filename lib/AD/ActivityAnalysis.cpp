//===- ActivityAnalysis.cpp - Which values carry derivatives --------------===//

#include "qgrad/AD/Activity.h"

#include "qgrad/AD/Registration.h"
#include "qgrad/AD/Rules.h"
#include "qgrad/AD/ValueUtils.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {

bool isDifferentiableType(Type *T) {
  if (T->isFPOrFPVectorTy())
    return !T->getScalarType()->isPPC_FP128Ty();
  if (auto *S = dyn_cast<StructType>(T))
    return any_of(S->elements(), isDifferentiableType);
  if (auto *A = dyn_cast<ArrayType>(T))
    return isDifferentiableType(A->getElementType());
  return false;
}

bool carriesPointers(Type *T) {
  if (T->isPointerTy())
    return true;
  if (auto *S = dyn_cast<StructType>(T))
    return any_of(S->elements(), carriesPointers);
  if (auto *A = dyn_cast<ArrayType>(T))
    return carriesPointers(A->getElementType());
  return false;
}

ActivityInfo::ActivityInfo(
    Function &F, ArrayRef<ArgActivity> Args, bool ReturnShadow,
    const Registry &Reg,
    const SmallPtrSetImpl<const GlobalVariable *> &ActiveGlobals,
    const SmallPtrSetImpl<const Function *> &GlobalUsers)
    : Reg(Reg), ActiveGlobals(ActiveGlobals), GlobalUsers(GlobalUsers) {
  buildClasses(F);
  for (auto [Arg, Act] : zip(F.args(), Args)) {
    if (Act == ArgActivity::Out)
      Varied.insert(&Arg);
    else if (isDuplicated(Act))
      markActive(&Arg);
    else if (Arg.getType()->isPointerTy())
      noteOrigin(&Arg, MemoryOrigin::ConstArgument);
  }
  for (Instruction &I : instructions(F)) {
    if (auto *Ret = dyn_cast<ReturnInst>(&I)) {
      if (ReturnShadow && Ret->getReturnValue())
        markActive(Ret->getReturnValue());
    } else if (isa<AllocaInst>(I)) {
      noteOrigin(&I, MemoryOrigin::Local);
    } else if (auto *CB = dyn_cast<CallBase>(&I)) {
      CallKind K = classifyCall(*CB, Reg).Kind;
      if (K == CallKind::Allocation || K == CallKind::Reallocation)
        noteOrigin(&I, MemoryOrigin::Local);
    }
    for (Value *Op : I.operands()) {
      auto *G = dyn_cast<GlobalVariable>(canonical(Op));
      if (!G)
        continue;
      if (ActiveGlobals.count(G))
        markActive(G);
      else
        noteOrigin(G, MemoryOrigin::Global);
    }
  }
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Instruction &I : instructions(F))
      Changed |= visit(I);
  }
}

// Pointers that address the same memory object share a class. An aggregate
// holding pointers joins the class of every pointer put into it or taken
// out of it, so that a pointer and the descriptor that carries it get
// shadows together (MLIR's lowering moves memrefs in descriptors).
void ActivityInfo::buildClasses(Function &F) {
  for (Instruction &I : instructions(F)) {
    if (!carriesPointers(I.getType()))
      continue;
    Classes.insert(&I);
    auto Join = [&](const Value *Other) {
      if (carriesPointers(Other->getType()) && !isa<UndefValue>(Other))
        Classes.unionSets(&I, canonical(Other));
    };
    if (auto *IV = dyn_cast<InsertValueInst>(&I)) {
      Join(IV->getAggregateOperand());
      Join(IV->getInsertedValueOperand());
    } else if (auto *EV = dyn_cast<ExtractValueInst>(&I))
      Join(EV->getAggregateOperand());
    else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
      Join(GEP->getPointerOperand());
    else if (isa<CastInst>(I) && !isa<IntToPtrInst>(I))
      Join(I.getOperand(0));
    else if (isa<IntToPtrInst>(I)) {
      // An address computed through integers (alignment, offsets) points
      // into the object of the pointer it was made from.
      if (const PtrToIntInst *Origin = pointerOrigin(I.getOperand(0)))
        Join(Origin->getPointerOperand());
    } else if (auto *Phi = dyn_cast<PHINode>(&I))
      for (Value *In : Phi->incoming_values())
        Join(In);
    else if (auto *Sel = dyn_cast<SelectInst>(&I)) {
      Join(Sel->getTrueValue());
      Join(Sel->getFalseValue());
    } else if (auto *CB = dyn_cast<CallBase>(&I)) {
      if (Value *Returned = CB->getReturnedArgOperand())
        Join(Returned);
    }
  }
}

// A constant pointer (a global, a constant GEP or cast of one) stands for
// its underlying object, so that every constant address of a global shares
// the global's class.
const Value *ActivityInfo::canonical(const Value *Ptr) {
  if (isa<Constant>(Ptr) && Ptr->getType()->isPointerTy())
    return getUnderlyingObject(Ptr);
  return Ptr;
}

const Value *ActivityInfo::leader(const Value *Ptr) const {
  Ptr = canonical(Ptr);
  auto It = Classes.findLeader(Ptr);
  return It == Classes.member_end() ? Ptr : *It;
}

void ActivityInfo::noteOrigin(const Value *Ptr, MemoryOrigin O) {
  Origins.try_emplace(leader(Ptr), O);
}

MemoryOrigin ActivityInfo::originOf(const Value *Ptr) const {
  const Value *L = leader(Ptr);
  if (ActiveClasses.count(L))
    return MemoryOrigin::Active;
  auto It = Origins.find(L);
  return It == Origins.end() ? MemoryOrigin::Unknown : It->second;
}

bool ActivityInfo::isVaried(const Value *V) const {
  return Varied.count(V) || hasShadow(V);
}

bool ActivityInfo::hasShadow(const Value *V) const {
  return carriesPointers(V->getType()) && ActiveClasses.count(leader(V));
}

bool ActivityInfo::markVaried(const Value *V) {
  bool Changed = false;
  if (carriesPointers(V->getType()))
    Changed |= markActive(V);
  if (isDifferentiableType(V->getType()))
    Changed |= Varied.insert(V).second;
  return Changed;
}

// Only local memory (allocations) may become active by receiving a varied
// value; constant arguments and globals other than the active ones stay
// inactive and the store is reported by the memory rules.
bool ActivityInfo::markActive(const Value *Ptr) {
  if (!carriesPointers(Ptr->getType()))
    return false;
  if (isa<Constant>(Ptr)) {
    auto *G = dyn_cast<GlobalVariable>(canonical(Ptr));
    if (!G || !ActiveGlobals.count(G))
      return false;
  }
  return ActiveClasses.insert(leader(Ptr)).second;
}

const Function *
globalUserReachedBy(const CallBase &CB,
                    const SmallPtrSetImpl<const Function *> &Users) {
  if (Users.empty() || CB.isInlineAsm())
    return nullptr;
  if (const Function *Callee = CB.getCalledFunction()) {
    if (Users.count(Callee))
      return Callee;
    // An external function handed a function may call it (pthread_create,
    // qsort, a library's callback).
    if (Callee->isDeclaration() && !Callee->isIntrinsic())
      for (const Use &Arg : CB.args())
        if (auto *F = dyn_cast<Function>(Arg->stripPointerCasts());
            F && Users.count(F))
          return F;
    return nullptr;
  }
  // An indirect call may reach any function whose address is taken; those of
  // another type would be called against their prototype, which C forbids.
  // (In module order, so that a diagnostic names the same one every time.)
  for (const Function &F : *CB.getModule())
    if (Users.count(&F) && F.hasAddressTaken() &&
        F.getFunctionType() == CB.getFunctionType())
      return &F;
  return nullptr;
}

bool ActivityInfo::visit(const Instruction &I) {
  auto AnyVaried = [&](auto Range) {
    return any_of(Range, [&](const Value *V) { return isVaried(V); });
  };
  auto Taint = [&](const Value *Ptr) {
    MemoryOrigin O = originOf(Ptr);
    if (O == MemoryOrigin::Local || O == MemoryOrigin::Unknown)
      return markActive(Ptr);
    return false;
  };
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return hasShadow(LI->getPointerOperand()) ? markVaried(LI) : false;
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    const Value *V = SI->getValueOperand();
    if (isVaried(V))
      return Taint(SI->getPointerOperand());
    // A pointer stored into active memory may be loaded by another function
    // (a callee, the reverse of a split gradient reading its tape) that
    // writes active values through it: it needs a shadow to store beside it,
    // even though nothing here writes through it.
    if (carriesPointers(V->getType()) && !isa<Constant>(V) &&
        hasShadow(SI->getPointerOperand()))
      return Taint(V);
    return false;
  }
  if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
    if (hasShadow(MT->getSource()))
      return Taint(MT->getDest());
    return false;
  }
  if (isa<PHINode, SelectInst, GetElementPtrInst>(I) || isa<CastInst>(I)) {
    if (isa<FPToSIInst, FPToUIInst, PtrToIntInst, IntToPtrInst>(I))
      return false;
    if (auto *Sel = dyn_cast<SelectInst>(&I)) {
      if (isVaried(Sel->getTrueValue()) || isVaried(Sel->getFalseValue()))
        return markVaried(&I);
      return false;
    }
    if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
      return hasShadow(GEP->getPointerOperand()) ? markActive(&I) : false;
    return AnyVaried(I.operands()) ? markVaried(&I) : false;
  }
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    CallInfo Info = classifyCall(*CB, Reg);
    switch (Info.Kind) {
    case CallKind::Ignored:
    case CallKind::Inactive:
    case CallKind::Deallocation:
    case CallKind::MemSet:
    case CallKind::MemTransfer:
    case CallKind::Allocation:
      return false;
    case CallKind::OutAllocation: {
      // The block arrives through memory, so the out-pointer needs a shadow
      // to receive the shadow block once a pointer read back from it
      // addresses active memory.
      const Value *Out = CB->getArgOperand(0);
      bool ReadBackActive = any_of(Out->users(), [&](const User *U) {
        const auto *LI = dyn_cast<LoadInst>(U);
        return LI && LI->getPointerOperand() == Out && hasShadow(LI);
      });
      return ReadBackActive ? markActive(Out) : false;
    }
    case CallKind::Reallocation:
      if (hasShadow(CB->getArgOperand(0)))
        return markActive(CB);
      if (hasShadow(CB))
        return markActive(CB->getArgOperand(0));
      return false;
    case CallKind::Math:
      return AnyVaried(CB->args()) ? markVaried(CB) : false;
    default: {
      // A call that sees any active data may write active values through
      // every pointer it receives and returns active data. A call of code
      // that reads or writes an active global sees active data without any
      // argument (a helper reading a global scratch value, a thread's body
      // writing a global result).
      bool ReachesGlobals = (Info.Kind == CallKind::Defined ||
                             Info.Kind == CallKind::Unknown) &&
                            globalUserReachedBy(*CB, GlobalUsers);
      if (!AnyVaried(CB->args()) && !ReachesGlobals)
        return false;
      bool Changed = false;
      for (const Value *Arg : CB->args())
        if (Arg->getType()->isPointerTy())
          Changed |= Taint(Arg);
      if (isDifferentiableType(CB->getType()) || carriesPointers(CB->getType()))
        Changed |= markVaried(CB);
      return Changed;
    }
    }
  }
  // Everything else (arithmetic, aggregates, and instructions without a rule,
  // which the reverse sweep then reports) varies with its operands.
  return AnyVaried(I.operands()) ? markVaried(&I) : false;
}

} // namespace qgrad::ad
