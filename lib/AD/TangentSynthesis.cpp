//===- TangentSynthesis.cpp - Forward mode: tangents beside the clone -----===//
//
// Forward mode reuses the reverse mode's forward sweep: the clone of the
// body, with the shadows its forward rules make (the shadow memory of an
// active pointer now holds tangents instead of adjoints). Next to every
// clone a tangent rule of the instruction's family emits its tangent,
// dy = sum_k dy/dx_k dx_k; calls of defined functions become calls of their
// own tangent functions. Nothing is kept for later, so there is no reverse
// sweep, no cache and no tape, and loops and recursion need nothing.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/GradientSynthesis.h"

#include "qgrad/AD/Rules.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {

Function *Differentiator::runTangent(StringRef Name, bool IsTopLevel) {
  TangentMode = true;
  TopLevel = IsTopLevel;
  Activity = std::make_unique<ActivityInfo>(P, Key.Args, Key.ReturnShadow,
                                            E.registry(), E.activeGlobals(),
                                            E.activeGlobalUsers());
  DT = std::make_unique<DominatorTree>(P);
  G = Function::Create(E.tangentType(Key), GlobalValue::InternalLinkage, Name,
                       P.getParent());
  inheritUnwinding(*G, P);
  cloneBody();
  buildForward();
  returnTangents();
  if (TopLevel) {
    IRBuilder<> B(Setup->getTerminator());
    E.zeroGlobalShadows(B);
  }
  return G;
}

Value *Differentiator::tangent(Value *V) {
  Type *T = V->getType();
  if (isa<Constant>(V) || !isVaried(V) || !isDifferentiableType(T))
    return Constant::getNullValue(T);
  if (Value *Tangent = TangentValues.lookup(V))
    return Tangent;
  // A varied value whose rule made no tangent: the rule's family reports
  // what it cannot do; this keeps the function valid meanwhile.
  if (CurrentPrimal)
    report(*CurrentPrimal, "forward mode has no tangent for an operand",
           "the instruction that computes it is not supported in forward "
           "mode");
  return Constant::getNullValue(T);
}

void Differentiator::setTangent(Value *V, Value *Tangent) {
  TangentValues[V] = Tangent;
}

void Differentiator::fillTangentPhis() {
  for (BasicBlock &BB : P)
    for (PHINode &Phi : BB.phis()) {
      auto *T = dyn_cast_or_null<PHINode>(TangentValues.lookup(&Phi));
      if (!T || T->getNumIncomingValues() != 0)
        continue;
      CurrentPrimal = &Phi;
      for (auto [In, Pred] : zip(Phi.incoming_values(), Phi.blocks()))
        T->addIncoming(tangent(In), cast<BasicBlock>(VMap[Pred]));
    }
}

// The return becomes {result, tangent} (or {result, shadow} for a returned
// pointer) when the key asks for it.
void Differentiator::returnTangents() {
  if (!Key.ReturnActive && !Key.ReturnShadow)
    return;
  for (BasicBlock &BB : P) {
    auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator());
    if (!Ret || !Ret->getReturnValue())
      continue;
    Value *RV = Ret->getReturnValue();
    auto *Clone = cast<ReturnInst>(VMap[Ret]);
    IRBuilder<> B(Clone);
    CurrentPrimal = Ret;
    Value *Second = Key.ReturnShadow ? forwardShadow(RV) : tangent(RV);
    Value *Pair = PoisonValue::get(G->getReturnType());
    Pair = B.CreateInsertValue(Pair, forwardValue(RV), 0);
    Pair = B.CreateInsertValue(Pair, Second, 1);
    B.CreateRet(Pair);
    Clone->eraseFromParent();
  }
}

} // namespace qgrad::ad
