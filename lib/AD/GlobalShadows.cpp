//===- GlobalShadows.cpp - Shadows of globals that hold active data -------===//
//
// A global written with a computed float or pointer (a file-scope scratch
// variable, a context pointer set before a callback) may carry derivatives
// from one function to another. Such a global gets a shadow global of the
// same type, zero at the start of every top-level gradient; its pointers
// and loads then get shadows like any active memory. Which globals: those
// some function of the module stores a non-constant float or pointer into,
// decided once per module, so every function of a gradient agrees (as in
// Enzyme, globals are active unless nothing could make them so).
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/GradientSynthesis.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {

// Globals the engine itself emits or reads as data (the tape, the markers
// and registration tables) never carry derivatives.
static bool isEngineGlobal(const GlobalVariable &G) {
  StringRef Name = G.getName();
  return Name.starts_with("__qgrad") || Name.starts_with("__enzyme") ||
         Name.starts_with("enzyme_") || Name.starts_with("llvm.") ||
         Name.ends_with(".qgrad_shadow");
}

const SmallPtrSetImpl<const GlobalVariable *> &GradientEngine::activeGlobals() {
  if (ActiveGlobalsKnown)
    return ActiveGlobals;
  ActiveGlobalsKnown = true;
  auto Consider = [&](const Value *Address) {
    auto *G = dyn_cast<GlobalVariable>(getUnderlyingObject(Address));
    if (G && !G->isConstant() && !isEngineGlobal(*G) &&
        !Reg.isInactiveGlobal(G))
      ActiveGlobals.insert(G);
  };
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      // A copy into a global may move computed values too: the optimiser
      // turns a loop filling a global scratch array from the input into a
      // memcpy (-O1 and up), and without a shadow the copy's values lost
      // their derivative silently. Copies of constant data (initializers)
      // carry none.
      if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
        auto *Source =
            dyn_cast<GlobalVariable>(getUnderlyingObject(MT->getSource()));
        if (!Source || !Source->isConstant())
          Consider(MT->getDest());
        continue;
      }
      auto *SI = dyn_cast<StoreInst>(&I);
      if (!SI || isa<Constant>(SI->getValueOperand()))
        continue;
      Type *T = SI->getValueOperand()->getType();
      if (isDifferentiableType(T) || carriesPointers(T))
        Consider(SI->getPointerOperand());
    }
  return ActiveGlobals;
}

// Whether the constant C is, or holds the address of, an active global.
static bool refersToActiveGlobal(
    const Constant *C, const SmallPtrSetImpl<const GlobalVariable *> &Active) {
  if (auto *G = dyn_cast<GlobalVariable>(C))
    return Active.count(G);
  if (isa<GlobalValue>(C))
    return false;
  return any_of(C->operands(), [&](const Use &Op) {
    return refersToActiveGlobal(cast<Constant>(Op.get()), Active);
  });
}

// A function that reads or writes an active global carries derivatives
// through it without any argument: `g = x; helper(); return g;` with a
// helper squaring g, or a thread whose body writes a global result. Its
// callers must differentiate its calls (ActivityInfo), or the gradient
// silently misses that path. Callers are users too, to a fixed point.
const SmallPtrSetImpl<const Function *> &GradientEngine::activeGlobalUsers() {
  if (GlobalUsersKnown)
    return GlobalUsers;
  GlobalUsersKnown = true;
  const SmallPtrSetImpl<const GlobalVariable *> &Active = activeGlobals();
  if (Active.empty())
    return GlobalUsers;
  // The engine's own functions (and the private copies it erases again)
  // are not the program's.
  auto IsProgramCode = [](const Function &F) {
    return !F.isDeclaration() && !F.getName().starts_with("__qgrad") &&
           !F.getName().ends_with(".qgrad.primal");
  };
  for (Function &F : M) {
    if (!IsProgramCode(F))
      continue;
    bool Refers = any_of(instructions(F), [&](Instruction &I) {
      return any_of(I.operands(), [&](Use &Op) {
        auto *C = dyn_cast<Constant>(Op.get());
        return C && refersToActiveGlobal(C, Active);
      });
    });
    if (Refers)
      GlobalUsers.insert(&F);
  }
  bool Changed = !GlobalUsers.empty();
  while (Changed) {
    Changed = false;
    for (Function &F : M) {
      if (!IsProgramCode(F) || GlobalUsers.count(&F))
        continue;
      bool Calls = any_of(instructions(F), [&](Instruction &I) {
        auto *CB = dyn_cast<CallBase>(&I);
        return CB && globalUserReachedBy(*CB, GlobalUsers);
      });
      if (Calls)
        Changed |= GlobalUsers.insert(&F).second;
    }
  }
  return GlobalUsers;
}

GlobalVariable *GradientEngine::globalShadow(const GlobalVariable *G) {
  GlobalVariable *&Shadow = GlobalShadows[G];
  if (!Shadow) {
    Shadow = new GlobalVariable(
        M, G->getValueType(), /*isConstant=*/false,
        GlobalValue::InternalLinkage, Constant::getNullValue(G->getValueType()),
        G->getName() + ".qgrad_shadow", nullptr, G->getThreadLocalMode());
    Shadow->setAlignment(G->getAlign());
  }
  return Shadow;
}

// Derivatives left in a global's shadow by one gradient (the adjoint of the
// value it held on entry) must not reach the next one.
void GradientEngine::zeroGlobalShadows(IRBuilderBase &B) {
  const DataLayout &DL = M.getDataLayout();
  for (const GlobalVariable *G : activeGlobals()) {
    GlobalVariable *Shadow = globalShadow(G);
    B.CreateMemSet(Shadow, B.getInt8(0), DL.getTypeAllocSize(G->getValueType()),
                   G->getAlign());
  }
}

} // namespace qgrad::ad
