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
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      auto *SI = dyn_cast<StoreInst>(&I);
      if (!SI || isa<Constant>(SI->getValueOperand()))
        continue;
      Type *T = SI->getValueOperand()->getType();
      if (!isDifferentiableType(T) && !carriesPointers(T))
        continue;
      auto *G = dyn_cast<GlobalVariable>(
          getUnderlyingObject(SI->getPointerOperand()));
      if (G && !G->isConstant() && !isEngineGlobal(*G) &&
          !Reg.isInactiveGlobal(G))
        ActiveGlobals.insert(G);
    }
  return ActiveGlobals;
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
