//===- CastRules.cpp - Conversions between numeric and pointer types ------===//

#include "qgrad/AD/GradientSynthesis.h"
#include "qgrad/AD/Rules.h"
#include "qgrad/AD/ValueUtils.h"

#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

// fpext/fptrunc: the adjoint converts back to the operand's precision.
void reverseFloatCast(Differentiator &D, Instruction &I, Value *Adj) {
  Value *X = I.getOperand(0);
  if (!Adj || !D.isVaried(X))
    return;
  IRBuilderBase &B = D.reverse();
  Type *To = X->getType();
  Value *Back = I.getOpcode() == Instruction::FPExt ? B.CreateFPTrunc(Adj, To)
                                                    : B.CreateFPExt(Adj, To);
  D.addAdjoint(X, Back);
}

// Integer <-> float conversions: the integer side carries no derivative.
void reverseNothing(Differentiator &, Instruction &, Value *) {}

// Pointer casts move the shadow along.
void forwardPointerCast(Differentiator &D, Instruction &I) {
  if (!D.hasShadow(&I))
    return;
  auto *Cast = cast<CastInst>(&I);
  D.setForwardShadow(
      &I, D.forward().CreateCast(Cast->getOpcode(),
                                 D.forwardShadow(Cast->getOperand(0)),
                                 Cast->getType(), I.getName() + ".shadow"));
}

// A pointer made from an integer that a pointer P became (aligned buffers,
// offsets computed as integers): its shadow is P's shadow at the same
// distance, so the shadow follows whatever arithmetic moved the address.
void forwardIntToPtr(Differentiator &D, Instruction &I) {
  if (!D.hasShadow(&I))
    return;
  auto *Origin = const_cast<PtrToIntInst *>(pointerOrigin(I.getOperand(0)));
  if (!Origin || !D.dominates(Origin, &I)) {
    D.report(I,
             "a pointer to active memory is made from an integer whose "
             "origin the engine cannot follow",
             "index with pointer arithmetic (GEP) instead of integer casts");
    return;
  }
  IRBuilderBase &B = D.forward();
  Value *Address = D.forwardValue(I.getOperand(0));
  Value *Base = B.CreateZExtOrTrunc(D.forwardValue(Origin), Address->getType());
  Value *Distance = B.CreateSExtOrTrunc(B.CreateSub(Address, Base),
                                        D.layout().getIndexType(I.getType()));
  D.setForwardShadow(&I,
                     B.CreateGEP(B.getInt8Ty(),
                                 D.forwardShadow(Origin->getPointerOperand()),
                                 Distance, I.getName() + ".shadow"));
}

// Whether the integer V (the bits of a float) only reaches comparisons,
// through integer arithmetic, integer casts, phis and selects: it then only
// steers control flow (signbit's `bitcast double to i64` + `icmp slt`), and
// no derivative flows through it. Anything else (a float or pointer again,
// memory, a call, a return) could carry the value on.
bool onlyCompared(const Value *V) {
  return walkIntegerUsers(V, [](const User *U) {
    if (isa<ICmpInst, SwitchInst>(U))
      return IntegerUse::Accept;
    if (U->getType()->isIntOrIntVectorTy() &&
        isa<BinaryOperator, TruncInst, ZExtInst, SExtInst, PHINode, SelectInst,
            FreezeInst>(U))
      return IntegerUse::Follow;
    return IntegerUse::Reject;
  });
}

// A bitcast between floating-point types of one size (e.g. <2 x float> and
// double) moves the adjoint back bit for bit; anything else that turns
// active floats into integers cannot be differentiated, unless the integer
// is only compared.
void reverseBitCast(Differentiator &D, Instruction &I, Value *Adj) {
  Value *X = I.getOperand(0);
  if (I.getType()->isPointerTy() || !D.isVaried(X))
    return;
  if (!Adj) {
    if (onlyCompared(&I))
      return;
    D.report(I,
             "an active floating-point value is reinterpreted as an "
             "integer, which the engine cannot differentiate",
             "keep floating-point data in floating-point types");
    return;
  }
  D.addAdjoint(X, D.reverse().CreateBitCast(Adj, X->getType()));
}

// Forward mode: the tangent converts like the value.
void tangentFloatCast(Differentiator &D, Instruction &I) {
  Value *X = I.getOperand(0);
  if (!D.isVaried(X))
    return D.setTangent(&I, Constant::getNullValue(I.getType()));
  D.setTangent(&I, D.forward().CreateCast(cast<CastInst>(I).getOpcode(),
                                          D.tangent(X), I.getType()));
}

// Forward mode's bitcast: bit for bit between floating-point types; the
// bits of an active float as an integer only when they are only compared,
// as in reverse mode.
void tangentBitCast(Differentiator &D, Instruction &I) {
  Value *X = I.getOperand(0);
  if (I.getType()->isPointerTy() || !D.isVaried(X))
    return;
  if (isDifferentiableType(I.getType()))
    return D.setTangent(&I,
                        D.forward().CreateBitCast(D.tangent(X), I.getType()));
  if (!onlyCompared(&I))
    D.report(I,
             "an active floating-point value is reinterpreted as an "
             "integer, which the engine cannot differentiate",
             "keep floating-point data in floating-point types");
}

struct Entry {
  unsigned Opcode;
  InstructionRule Rule;
};

const Entry Table[] = {
    {Instruction::FPExt, {nullptr, reverseFloatCast, tangentFloatCast}},
    {Instruction::FPTrunc, {nullptr, reverseFloatCast, tangentFloatCast}},
    {Instruction::SIToFP, {nullptr, reverseNothing}},
    {Instruction::UIToFP, {nullptr, reverseNothing}},
    {Instruction::FPToSI, {nullptr, reverseNothing}},
    {Instruction::FPToUI, {nullptr, reverseNothing}},
    {Instruction::BitCast,
     {forwardPointerCast, reverseBitCast, tangentBitCast}},
    {Instruction::AddrSpaceCast, {forwardPointerCast, reverseNothing}},
    {Instruction::IntToPtr, {forwardIntToPtr, reverseNothing}},
};

} // namespace

std::optional<InstructionRule> castRule(unsigned Opcode) {
  for (const Entry &E : Table)
    if (E.Opcode == Opcode)
      return E.Rule;
  return std::nullopt;
}

} // namespace qgrad::ad
