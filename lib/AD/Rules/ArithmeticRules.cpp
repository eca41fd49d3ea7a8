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

// --- Forward mode: tangents ------------------------------------------------

// The tangent of an operand, null when it carries none, so that sums and
// products skip it instead of adding zeros.
Value *operandTangent(Differentiator &D, Value *V) {
  return D.isVaried(V) ? D.tangent(V) : nullptr;
}

Value *sum(IRBuilderBase &B, Value *A, Value *C) {
  if (!A || !C)
    return A ? A : C;
  return B.CreateFAdd(A, C);
}

void setTangentOrZero(Differentiator &D, Instruction &I, Value *T) {
  D.setTangent(&I, T ? T : Constant::getNullValue(I.getType()));
}

void tangentFAdd(Differentiator &D, Instruction &I) {
  IRBuilderBase &B = D.forward();
  setTangentOrZero(D, I,
                   sum(B, operandTangent(D, I.getOperand(0)),
                       operandTangent(D, I.getOperand(1))));
}

void tangentFSub(Differentiator &D, Instruction &I) {
  IRBuilderBase &B = D.forward();
  Value *DY = operandTangent(D, I.getOperand(1));
  setTangentOrZero(D, I,
                   sum(B, operandTangent(D, I.getOperand(0)),
                       DY ? B.CreateFNeg(DY) : nullptr));
}

// d(x y) = dx y + x dy
void tangentFMul(Differentiator &D, Instruction &I) {
  IRBuilderBase &B = D.forward();
  Value *X = I.getOperand(0), *Y = I.getOperand(1);
  Value *DX = operandTangent(D, X), *DY = operandTangent(D, Y);
  setTangentOrZero(D, I,
                   sum(B, DX ? B.CreateFMul(DX, D.forwardValue(Y)) : nullptr,
                       DY ? B.CreateFMul(D.forwardValue(X), DY) : nullptr));
}

// d(x / y) = (dx - (x / y) dy) / y
void tangentFDiv(Differentiator &D, Instruction &I) {
  IRBuilderBase &B = D.forward();
  Value *Y = I.getOperand(1);
  Value *DX = operandTangent(D, I.getOperand(0)), *DY = operandTangent(D, Y);
  Value *Quotient = D.forwardValue(&I);
  Value *Numerator =
      sum(B, DX, DY ? B.CreateFNeg(B.CreateFMul(Quotient, DY)) : nullptr);
  setTangentOrZero(
      D, I, Numerator ? B.CreateFDiv(Numerator, D.forwardValue(Y)) : nullptr);
}

// d frem(x, y) = dx - trunc(x / y) dy
void tangentFRem(Differentiator &D, Instruction &I) {
  IRBuilderBase &B = D.forward();
  Value *X = I.getOperand(0), *Y = I.getOperand(1);
  Value *DY = operandTangent(D, Y);
  Value *Term = nullptr;
  if (DY) {
    Value *Quotient = B.CreateUnaryIntrinsic(
        Intrinsic::trunc, B.CreateFDiv(D.forwardValue(X), D.forwardValue(Y)));
    Term = B.CreateFNeg(B.CreateFMul(Quotient, DY));
  }
  setTangentOrZero(D, I, sum(B, operandTangent(D, X), Term));
}

void tangentFNeg(Differentiator &D, Instruction &I) {
  Value *DX = operandTangent(D, I.getOperand(0));
  setTangentOrZero(D, I, DX ? D.forward().CreateFNeg(DX) : nullptr);
}

struct Entry {
  unsigned Opcode;
  ReverseRule Reverse;
  TangentRule Tangent;
};

constexpr Entry Table[] = {
    {Instruction::FAdd, reverseFAdd, tangentFAdd},
    {Instruction::FSub, reverseFSub, tangentFSub},
    {Instruction::FMul, reverseFMul, tangentFMul},
    {Instruction::FDiv, reverseFDiv, tangentFDiv},
    {Instruction::FRem, reverseFRem, tangentFRem},
    {Instruction::FNeg, reverseFNeg, tangentFNeg},
};

} // namespace

std::optional<InstructionRule> arithmeticRule(unsigned Opcode) {
  for (const Entry &E : Table)
    if (E.Opcode == Opcode)
      return InstructionRule{nullptr, E.Reverse, E.Tangent};
  return std::nullopt;
}

} // namespace qgrad::ad
