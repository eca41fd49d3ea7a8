//===- ArithmeticRules.cpp - fadd, fsub, fmul, fdiv, frem, fneg -----------===//

#include "qgrad/AD/GradientSynthesis.h"
#include "qgrad/AD/Rules.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

void reverseFAdd(Differentiator &D, Instruction &I, Value *Adj) {
  D.addAdjoint(I.getOperand(0), Adj);
  D.addAdjoint(I.getOperand(1), Adj);
}

void reverseFSub(Differentiator &D, Instruction &I, Value *Adj) {
  D.addAdjoint(I.getOperand(0), Adj);
  D.addAdjoint(I.getOperand(1), D.reverse().CreateFNeg(Adj));
}

void reverseFMul(Differentiator &D, Instruction &I, Value *Adj) {
  IRBuilderBase &B = D.reverse();
  Value *X = I.getOperand(0), *Y = I.getOperand(1);
  if (D.isVaried(X))
    D.addAdjoint(X, B.CreateFMul(Adj, D.primal(Y)));
  if (D.isVaried(Y))
    D.addAdjoint(Y, B.CreateFMul(Adj, D.primal(X)));
}

// d(x/y) = dx / y - dy * x / y^2
void reverseFDiv(Differentiator &D, Instruction &I, Value *Adj) {
  IRBuilderBase &B = D.reverse();
  Value *X = I.getOperand(0), *Y = I.getOperand(1);
  // c / y with a constant c != 0 (a sigmoid's 1 / (1 + e^-x)): d/dy is
  // -(c / y)^2 / c, from the quotient alone, which the reverse sweep usually
  // keeps anyway; the denominator then need not be kept.
  auto *C = dyn_cast<ConstantFP>(X);
  if (C && !C->isZero() && D.isVaried(Y)) {
    Value *Quotient = D.primal(&I);
    Value *Scaled = B.CreateFDiv(B.CreateFMul(Adj, Quotient), C);
    D.addAdjoint(Y, B.CreateFNeg(B.CreateFMul(Scaled, Quotient)));
    return;
  }
  Value *YV = D.primal(Y);
  Value *Scaled = B.CreateFDiv(Adj, YV);
  D.addAdjoint(X, Scaled);
  if (D.isVaried(Y))
    D.addAdjoint(
        Y, B.CreateFNeg(B.CreateFMul(Scaled, B.CreateFDiv(D.primal(X), YV))));
}

// frem(x, y) = x - y * trunc(x / y)
void reverseFRem(Differentiator &D, Instruction &I, Value *Adj) {
  IRBuilderBase &B = D.reverse();
  Value *X = I.getOperand(0), *Y = I.getOperand(1);
  D.addAdjoint(X, Adj);
  if (!D.isVaried(Y))
    return;
  Value *Quotient = B.CreateUnaryIntrinsic(
      Intrinsic::trunc, B.CreateFDiv(D.primal(X), D.primal(Y)));
  D.addAdjoint(Y, B.CreateFNeg(B.CreateFMul(Adj, Quotient)));
}

void reverseFNeg(Differentiator &D, Instruction &I, Value *Adj) {
  D.addAdjoint(I.getOperand(0), D.reverse().CreateFNeg(Adj));
}

struct Entry {
  unsigned Opcode;
  ReverseRule Reverse;
};

constexpr Entry Table[] = {
    {Instruction::FAdd, reverseFAdd}, {Instruction::FSub, reverseFSub},
    {Instruction::FMul, reverseFMul}, {Instruction::FDiv, reverseFDiv},
    {Instruction::FRem, reverseFRem}, {Instruction::FNeg, reverseFNeg},
};

} // namespace

std::optional<InstructionRule> arithmeticRule(unsigned Opcode) {
  for (const Entry &E : Table)
    if (E.Opcode == Opcode)
      return InstructionRule{nullptr, E.Reverse};
  return std::nullopt;
}

} // namespace qgrad::ad
