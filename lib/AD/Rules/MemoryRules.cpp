//===- MemoryRules.cpp - Loads, stores, addresses and stack memory --------===//
//
// Every active pointer has a shadow computed alongside it in the forward
// sweep. x = load p reverses to *shadow(p) += adj(x); store v, p reverses to
// adj(v) += *shadow(p); *shadow(p) = 0. Pointers stored into active memory
// have their shadows stored into the shadow memory in the forward sweep.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/GradientSynthesis.h"
#include "qgrad/AD/MemoryUtils.h"
#include "qgrad/AD/Rules.h"
#include "qgrad/AD/ValueUtils.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

void forwardLoad(Differentiator &D, Instruction &I) {
  auto *LI = cast<LoadInst>(&I);
  // Pointers and descriptors loaded from active memory: their shadows are
  // in the shadow memory.
  if (!carriesPointers(LI->getType()) || !D.hasShadow(LI))
    return;
  Value *Shadow = D.forward().CreateAlignedLoad(
      LI->getType(), D.forwardShadow(LI->getPointerOperand()), LI->getAlign(),
      I.getName() + ".shadow");
  D.setForwardShadow(LI, Shadow);
}

// Whether the next store to LI's address, in LI's block, is of the same
// type, and nothing between them can add to that address's shadow in
// reverse (`c = cell[i]; ...; cell[i] = f(c)`): the store's reverse, which
// runs before LI's, leaves the shadow at zero. In between may come
// instructions that touch no memory, libm calls, and loads from another
// identified object: LI's memory is an allocation of this call, so no
// argument, global or other allocation points into it. Only for memory
// the function allocates: its shadow is never seen by the caller, so an
// empty adjoint stored there as -0.0 (rather than +0.0 + -0.0 = +0.0)
// cannot show.
bool overwrittenBeforeAnyOtherAccess(Differentiator &D, const LoadInst &LI) {
  const Registry &Reg = D.engine().registry();
  const Value *Object = getUnderlyingObject(LI.getPointerOperand());
  if (!isLocalAllocation(Object, Reg))
    return false;
  auto Elsewhere = [&](const Value *Ptr) {
    const Value *Other = getUnderlyingObject(Ptr);
    return Other != Object && (isa<Argument, GlobalVariable>(Other) ||
                               isLocalAllocation(Other, Reg));
  };
  for (const Instruction *I = LI.getNextNode(); I; I = I->getNextNode()) {
    if (const auto *SI = dyn_cast<StoreInst>(I))
      return SI->getPointerOperand() == LI.getPointerOperand() &&
             SI->getValueOperand()->getType() == LI.getType() &&
             !SI->isVolatile();
    if (!I->mayReadOrWriteMemory())
      continue;
    if (const auto *Other = dyn_cast<LoadInst>(I);
        Other && !Other->isVolatile() && Elsewhere(Other->getPointerOperand()))
      continue;
    const auto *Call = dyn_cast<CallBase>(I);
    if (Call && classifyCall(*Call, Reg).Kind == CallKind::Math)
      continue;
    return false;
  }
  return false;
}

void reverseLoad(Differentiator &D, Instruction &I, Value *Adj) {
  auto *LI = cast<LoadInst>(&I);
  if (!Adj || !D.hasShadow(LI->getPointerOperand()))
    return;
  IRBuilderBase &B = D.reverse();
  Value *Shadow = D.shadow(LI->getPointerOperand());
  if (overwrittenBeforeAnyOtherAccess(D, *LI)) {
    // Nothing was added to the cleared shadow since: no need to add to it.
    B.CreateAlignedStore(Adj, Shadow, LI->getAlign());
    return;
  }
  Value *Old = B.CreateAlignedLoad(LI->getType(), Shadow, LI->getAlign());
  B.CreateAlignedStore(addValues(B, Old, Adj), Shadow, LI->getAlign());
}

void forwardStore(Differentiator &D, Instruction &I) {
  auto *SI = cast<StoreInst>(&I);
  Value *V = SI->getValueOperand();
  if (!carriesPointers(V->getType()) || !D.hasShadow(SI->getPointerOperand()))
    return;
  Value *ShadowValue = D.hasShadow(V) ? D.forwardShadow(V)
                                      : Constant::getNullValue(V->getType());
  D.forward().CreateAlignedStore(
      ShadowValue, D.forwardShadow(SI->getPointerOperand()), SI->getAlign());
}

StringRef describe(MemoryOrigin O) {
  switch (O) {
  case MemoryOrigin::ConstArgument:
    return "memory marked constant (an enzyme_const or inactive pointer "
           "argument)";
  case MemoryOrigin::Global:
    return "global memory, which the engine treats as constant";
  default:
    return "memory that is not active";
  }
}

// An active value stored where no shadow can receive its derivative. A
// global registered inactive drops what is stored into it, as asked.
void reportStoreWithoutShadow(Differentiator &D, Instruction &I, Value *V,
                              Value *Ptr) {
  if (!D.isVaried(V) ||
      D.engine().registry().isInactiveGlobal(getUnderlyingObject(Ptr)))
    return;
  D.report(
      I, "storing an active value into " + describe(D.activity().originOf(Ptr)),
      "pass the destination with enzyme_dup and a shadow buffer "
      "(or enzyme_dupnoneed for an output)");
}

void reverseStore(Differentiator &D, Instruction &I, Value *) {
  auto *SI = cast<StoreInst>(&I);
  Value *V = SI->getValueOperand();
  Value *Ptr = SI->getPointerOperand();
  if (carriesPointers(V->getType()) && D.hasShadow(V) && !D.hasShadow(Ptr)) {
    // Loads through the pointer after it comes back would look inactive.
    D.report(I,
             "storing a pointer to active memory into " +
                 describe(D.activity().originOf(Ptr)) +
                 "; it would lose its shadow",
             "pass the pointer as an argument instead of through a global");
    return;
  }
  if (!isDifferentiableType(V->getType()))
    return;
  if (!D.hasShadow(Ptr)) {
    reportStoreWithoutShadow(D, I, V, Ptr);
    return;
  }
  // The store overwrites memory: its old adjoint goes to the stored value.
  IRBuilderBase &B = D.reverse();
  Value *Shadow = D.shadow(Ptr);
  Value *Adj = B.CreateAlignedLoad(V->getType(), Shadow, SI->getAlign());
  B.CreateAlignedStore(Constant::getNullValue(V->getType()), Shadow,
                       SI->getAlign());
  D.addAdjoint(V, Adj);
}

void forwardGEP(Differentiator &D, Instruction &I) {
  if (!D.hasShadow(&I))
    return;
  auto *GEP = cast<GetElementPtrInst>(&I);
  SmallVector<Value *> Indices;
  for (Value *Index : GEP->indices())
    Indices.push_back(D.forwardValue(Index));
  Value *Shadow = D.forward().CreateGEP(
      GEP->getSourceElementType(), D.forwardShadow(GEP->getPointerOperand()),
      Indices, I.getName() + ".shadow", GEP->getNoWrapFlags());
  D.setForwardShadow(&I, Shadow);
}

// Stack memory that holds active data gets a zeroed heap shadow, so that a
// split gradient's reverse half can still reach it; it is freed at the
// reverse of the alloca.
void forwardAlloca(Differentiator &D, Instruction &I) {
  if (!D.hasShadow(&I))
    return;
  auto *AI = cast<AllocaInst>(&I);
  IRBuilderBase &B = D.forward();
  if (D.isTangentMode()) {
    // Forward mode has no reverse half: the shadow lives as long as the
    // slot, on the stack.
    AllocaInst *Shadow = B.CreateAlloca(AI->getAllocatedType(),
                                        D.forwardValue(AI->getArraySize()),
                                        I.getName() + ".shadow");
    Shadow->setAlignment(AI->getAlign());
    markShadowAllocation(Shadow);
    Value *Count =
        B.CreateZExtOrTrunc(D.forwardValue(AI->getArraySize()), B.getInt64Ty());
    uint64_t ElementSize = D.layout().getTypeAllocSize(AI->getAllocatedType());
    B.CreateMemSet(Shadow, B.getInt8(0),
                   B.CreateMul(Count, B.getInt64(ElementSize)), AI->getAlign());
    D.setForwardShadow(&I, Shadow);
    return;
  }
  Value *Count =
      B.CreateZExtOrTrunc(D.forwardValue(AI->getArraySize()), B.getInt64Ty());
  uint64_t ElementSize = D.layout().getTypeAllocSize(AI->getAllocatedType());
  Value *Size = B.CreateMul(Count, B.getInt64(ElementSize));
  D.setForwardShadow(&I, zeroedAllocation(B, Size, I.getName() + ".shadow"));
}

void reverseAlloca(Differentiator &D, Instruction &I, Value *) {
  if (D.hasShadow(&I))
    freeAllocation(D.reverse(), D.shadow(&I));
}

// Forward mode: a float loaded from active memory has its tangent in the
// shadow memory; a float stored there puts its tangent there (zero for a
// constant, which overwrites whatever tangent the memory held).
void tangentLoad(Differentiator &D, Instruction &I) {
  auto *LI = cast<LoadInst>(&I);
  if (!isDifferentiableType(LI->getType()) ||
      !D.hasShadow(LI->getPointerOperand()))
    return;
  D.setTangent(LI, D.forward().CreateAlignedLoad(
                       LI->getType(), D.forwardShadow(LI->getPointerOperand()),
                       LI->getAlign(), I.getName() + ".tangent"));
}

void tangentStore(Differentiator &D, Instruction &I) {
  auto *SI = cast<StoreInst>(&I);
  Value *V = SI->getValueOperand(), *Ptr = SI->getPointerOperand();
  if (!isDifferentiableType(V->getType()))
    return;
  if (!D.hasShadow(Ptr)) {
    reportStoreWithoutShadow(D, I, V, Ptr);
    return;
  }
  D.forward().CreateAlignedStore(D.tangent(V), D.forwardShadow(Ptr),
                                 SI->getAlign());
}

struct Entry {
  unsigned Opcode;
  InstructionRule Rule;
};

const Entry Table[] = {
    {Instruction::Load, {forwardLoad, reverseLoad, tangentLoad}},
    {Instruction::Store, {forwardStore, reverseStore, tangentStore}},
    {Instruction::GetElementPtr, {forwardGEP, nullptr}},
    {Instruction::Alloca, {forwardAlloca, reverseAlloca}},
};

} // namespace

std::optional<InstructionRule> memoryRule(unsigned Opcode) {
  for (const Entry &E : Table)
    if (E.Opcode == Opcode)
      return E.Rule;
  return std::nullopt;
}

} // namespace qgrad::ad
