//===- AggregateRules.cpp - select, freeze, and aggregate/vector access ---===//

#include "qgrad/AD/GradientSynthesis.h"
#include "qgrad/AD/Rules.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

void forwardSelect(Differentiator &D, Instruction &I) {
  if (!D.hasShadow(&I))
    return;
  auto *Sel = cast<SelectInst>(&I);
  D.setForwardShadow(
      &I, D.forward().CreateSelect(D.forwardValue(Sel->getCondition()),
                                   D.forwardShadow(Sel->getTrueValue()),
                                   D.forwardShadow(Sel->getFalseValue()),
                                   I.getName() + ".shadow"));
}

// The adjoint flows to the operand that was chosen.
void reverseSelect(Differentiator &D, Instruction &I, Value *Adj) {
  if (!Adj)
    return;
  auto *Sel = cast<SelectInst>(&I);
  IRBuilderBase &B = D.reverse();
  Value *Cond = D.primal(Sel->getCondition());
  Value *Zero = Constant::getNullValue(I.getType());
  if (D.isVaried(Sel->getTrueValue()))
    D.addAdjoint(Sel->getTrueValue(), B.CreateSelect(Cond, Adj, Zero));
  if (D.isVaried(Sel->getFalseValue()))
    D.addAdjoint(Sel->getFalseValue(), B.CreateSelect(Cond, Zero, Adj));
}

void reverseFreeze(Differentiator &D, Instruction &I, Value *Adj) {
  if (Adj)
    D.addAdjoint(I.getOperand(0), Adj);
}

// Aggregates holding pointers (memref descriptors) have a shadow aggregate:
// the same fields, with each pointer replaced by its shadow. Sizes and
// strides are copied, since the shadow memory has the primal's layout.
void forwardExtractValue(Differentiator &D, Instruction &I) {
  if (!D.hasShadow(&I))
    return;
  auto *EV = cast<ExtractValueInst>(&I);
  D.setForwardShadow(&I, D.forward().CreateExtractValue(
                             D.forwardShadow(EV->getAggregateOperand()),
                             EV->getIndices(), I.getName() + ".shadow"));
}

void forwardInsertValue(Differentiator &D, Instruction &I) {
  if (!D.hasShadow(&I))
    return;
  auto *IV = cast<InsertValueInst>(&I);
  Value *Inserted = IV->getInsertedValueOperand();
  Value *InsertedShadow = carriesPointers(Inserted->getType())
                              ? D.forwardShadow(Inserted)
                              : D.forwardValue(Inserted);
  D.setForwardShadow(&I, D.forward().CreateInsertValue(
                             D.forwardShadow(IV->getAggregateOperand()),
                             InsertedShadow, IV->getIndices(),
                             I.getName() + ".shadow"));
}

void reverseExtractValue(Differentiator &D, Instruction &I, Value *Adj) {
  auto *EV = cast<ExtractValueInst>(&I);
  Value *Agg = EV->getAggregateOperand();
  if (!Adj || !D.isVaried(Agg))
    return;
  Value *Zero = Constant::getNullValue(Agg->getType());
  D.addAdjoint(Agg, D.reverse().CreateInsertValue(Zero, Adj, EV->getIndices()));
}

void reverseInsertValue(Differentiator &D, Instruction &I, Value *Adj) {
  auto *IV = cast<InsertValueInst>(&I);
  if (!Adj)
    return;
  IRBuilderBase &B = D.reverse();
  Value *Inserted = IV->getInsertedValueOperand();
  if (D.isVaried(Inserted) && isDifferentiableType(Inserted->getType()))
    D.addAdjoint(Inserted, B.CreateExtractValue(Adj, IV->getIndices()));
  Value *Cleared = B.CreateInsertValue(
      Adj, Constant::getNullValue(Inserted->getType()), IV->getIndices());
  D.addAdjoint(IV->getAggregateOperand(), Cleared);
}

void reverseExtractElement(Differentiator &D, Instruction &I, Value *Adj) {
  auto *EE = cast<ExtractElementInst>(&I);
  Value *Vec = EE->getVectorOperand();
  if (!Adj || !D.isVaried(Vec))
    return;
  Value *Zero = Constant::getNullValue(Vec->getType());
  D.addAdjoint(Vec, D.reverse().CreateInsertElement(
                        Zero, Adj, D.primal(EE->getIndexOperand())));
}

void reverseInsertElement(Differentiator &D, Instruction &I, Value *Adj) {
  auto *IE = cast<InsertElementInst>(&I);
  if (!Adj)
    return;
  IRBuilderBase &B = D.reverse();
  Value *Index = D.primal(IE->getOperand(2));
  Value *Scalar = IE->getOperand(1);
  if (D.isVaried(Scalar))
    D.addAdjoint(Scalar, B.CreateExtractElement(Adj, Index));
  Value *Cleared = B.CreateInsertElement(
      Adj, Constant::getNullValue(Scalar->getType()), Index);
  D.addAdjoint(IE->getOperand(0), Cleared);
}

// shufflevector with a constant mask: each result lane comes from one lane
// of the two inputs, so the adjoint lanes go back the same way.
void reverseShuffle(Differentiator &D, Instruction &I, Value *Adj) {
  auto *SV = cast<ShuffleVectorInst>(&I);
  if (!Adj)
    return;
  IRBuilderBase &B = D.reverse();
  unsigned InLanes =
      cast<FixedVectorType>(SV->getOperand(0)->getType())->getNumElements();
  Value *Acc[2] = {Constant::getNullValue(SV->getOperand(0)->getType()),
                   Constant::getNullValue(SV->getOperand(1)->getType())};
  for (auto [Lane, Source] : enumerate(SV->getShuffleMask())) {
    if (Source < 0)
      continue;
    unsigned Which = unsigned(Source) >= InLanes;
    unsigned From = unsigned(Source) % InLanes;
    Value *Old = B.CreateExtractElement(Acc[Which], From);
    Value *Sum = B.CreateFAdd(Old, B.CreateExtractElement(Adj, Lane));
    Acc[Which] = B.CreateInsertElement(Acc[Which], Sum, From);
  }
  D.addAdjoint(SV->getOperand(0), Acc[0]);
  D.addAdjoint(SV->getOperand(1), Acc[1]);
}

void nothing(Differentiator &, Instruction &, Value *) {}

// Forward mode: selecting, freezing, and moving lanes and fields are linear,
// so the tangent is the same instruction over the tangents of the data
// operands (conditions, indices and integer fields stay the values).
void tangentStructural(Differentiator &D, Instruction &I) {
  if (!isDifferentiableType(I.getType()))
    return;
  Instruction *T = I.clone();
  for (Use &Op : T->operands()) {
    Value *V = I.getOperand(Op.getOperandNo());
    Op.set(isDifferentiableType(V->getType()) ? D.tangent(V)
                                              : D.forwardValue(V));
  }
  T->setName(I.getName() + ".tangent");
  D.forward().Insert(T);
  D.setTangent(&I, T);
}

struct Entry {
  unsigned Opcode;
  InstructionRule Rule;
};

const Entry Table[] = {
    {Instruction::Select, {forwardSelect, reverseSelect, tangentStructural}},
    {Instruction::Freeze, {nullptr, reverseFreeze, tangentStructural}},
    {Instruction::ExtractValue,
     {forwardExtractValue, reverseExtractValue, tangentStructural}},
    {Instruction::InsertValue,
     {forwardInsertValue, reverseInsertValue, tangentStructural}},
    {Instruction::ExtractElement,
     {nullptr, reverseExtractElement, tangentStructural}},
    {Instruction::InsertElement,
     {nullptr, reverseInsertElement, tangentStructural}},
    {Instruction::ShuffleVector, {nullptr, reverseShuffle, tangentStructural}},
    {Instruction::FCmp, {nullptr, nothing}},
    {Instruction::ICmp, {nullptr, nothing}},
};

} // namespace

std::optional<InstructionRule> aggregateRule(unsigned Opcode) {
  for (const Entry &E : Table)
    if (E.Opcode == Opcode)
      return E.Rule;
  return std::nullopt;
}

} // namespace qgrad::ad
