//===- MathRules.cpp - libm functions and floating-point intrinsics -------===//
//
// One table: canonical name -> partial derivatives. A call matches by libm
// name (sin, sinf), by intrinsic (llvm.sin.f64) or through a registered
// __enzyme_function_like. Derivatives use LLVM intrinsics where one exists so
// that float, double and vector calls share one rule.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/GradientSynthesis.h"
#include "qgrad/AD/Rules.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"

#include <numbers>

using namespace llvm;

namespace qgrad::ad {

Value *MathOperands::read(Value *V) {
  return Forward ? D.forwardValue(V) : D.primal(V);
}
Value *MathOperands::arg(unsigned K) { return read(Call.getArgOperand(K)); }
Value *MathOperands::result() { return read(&Call); }
unsigned MathOperands::size() const { return Call.arg_size(); }

namespace {

using Partials = SmallVectorImpl<Value *>;

Value *constant(Value *Like, double C) {
  return ConstantFP::get(Like->getType(), C);
}

Value *unary(IRBuilderBase &B, Intrinsic::ID ID, Value *X) {
  return B.CreateUnaryIntrinsic(ID, X);
}

Value *square(IRBuilderBase &B, Value *X) { return B.CreateFMul(X, X); }

Value *reciprocal(IRBuilderBase &B, Value *X) {
  return B.CreateFDiv(constant(X, 1.0), X);
}

void dSin(IRBuilderBase &B, MathOperands &O, Partials &P) {
  P[0] = unary(B, Intrinsic::cos, O.arg(0));
}
void dCos(IRBuilderBase &B, MathOperands &O, Partials &P) {
  P[0] = B.CreateFNeg(unary(B, Intrinsic::sin, O.arg(0)));
}
void dTan(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *R = O.result();
  P[0] = B.CreateFAdd(constant(R, 1.0), square(B, R));
}
void dAsin(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  P[0] = reciprocal(B, unary(B, Intrinsic::sqrt,
                             B.CreateFSub(constant(X, 1.0), square(B, X))));
}
void dAcos(IRBuilderBase &B, MathOperands &O, Partials &P) {
  dAsin(B, O, P);
  P[0] = B.CreateFNeg(P[0]);
}
void dAtan(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  P[0] = reciprocal(B, B.CreateFAdd(constant(X, 1.0), square(B, X)));
}
// atan2(y, x): (x, -y) / (x^2 + y^2)
void dAtan2(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *Y = O.arg(0), *X = O.arg(1);
  Value *R2 = B.CreateFAdd(square(B, X), square(B, Y));
  P[0] = B.CreateFDiv(X, R2);
  P[1] = B.CreateFNeg(B.CreateFDiv(Y, R2));
}
void dSinh(IRBuilderBase &B, MathOperands &O, Partials &P) {
  P[0] = unary(B, Intrinsic::cosh, O.arg(0));
}
void dCosh(IRBuilderBase &B, MathOperands &O, Partials &P) {
  P[0] = unary(B, Intrinsic::sinh, O.arg(0));
}
void dTanh(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *R = O.result();
  P[0] = B.CreateFSub(constant(R, 1.0), square(B, R));
}
void dAsinh(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  P[0] = reciprocal(B, unary(B, Intrinsic::sqrt,
                             B.CreateFAdd(square(B, X), constant(X, 1.0))));
}
void dAcosh(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  P[0] = reciprocal(B, unary(B, Intrinsic::sqrt,
                             B.CreateFSub(square(B, X), constant(X, 1.0))));
}
void dAtanh(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  P[0] = reciprocal(B, B.CreateFSub(constant(X, 1.0), square(B, X)));
}
void dExp(IRBuilderBase &B, MathOperands &O, Partials &P) { P[0] = O.result(); }
void dExp2(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *R = O.result();
  P[0] = B.CreateFMul(R, constant(R, std::numbers::ln2));
}
void dExp10(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *R = O.result();
  P[0] = B.CreateFMul(R, constant(R, std::numbers::ln10));
}
void dExpm1(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *R = O.result();
  P[0] = B.CreateFAdd(R, constant(R, 1.0));
}
void dLog(IRBuilderBase &B, MathOperands &O, Partials &P) {
  P[0] = reciprocal(B, O.arg(0));
}
void dLog2(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  P[0] = reciprocal(B, B.CreateFMul(X, constant(X, std::numbers::ln2)));
}
void dLog10(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  P[0] = reciprocal(B, B.CreateFMul(X, constant(X, std::numbers::ln10)));
}
void dLog1p(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  P[0] = reciprocal(B, B.CreateFAdd(X, constant(X, 1.0)));
}
void dSqrt(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *R = O.result();
  P[0] = B.CreateFDiv(constant(R, 0.5), R);
}
void dCbrt(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0), *R = O.result();
  P[0] = B.CreateFDiv(R, B.CreateFMul(constant(X, 3.0), X));
}
// pow(x, y): y x^(y-1) and x^y log x
void dPow(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0), *Y = O.arg(1);
  Value *YMinus1 = B.CreateFSub(Y, constant(Y, 1.0));
  P[0] = B.CreateFMul(Y, B.CreateBinaryIntrinsic(Intrinsic::pow, X, YMinus1));
  P[1] = B.CreateFMul(O.result(), unary(B, Intrinsic::log, X));
}
// powi(x, n): n x^(n-1)
void dPowi(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0), *N = O.arg(1);
  Value *NMinus1 = B.CreateSub(N, ConstantInt::get(N->getType(), 1));
  Value *Power = B.CreateIntrinsic(Intrinsic::powi,
                                   {X->getType(), N->getType()}, {X, NMinus1});
  P[0] = B.CreateFMul(B.CreateSIToFP(N, X->getType()), Power);
}
void dLdexp(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0), *N = O.arg(1);
  P[0] = B.CreateIntrinsic(Intrinsic::ldexp, {X->getType(), N->getType()},
                           {constant(X, 1.0), N});
}
// frexp(x, &e) = x 2^-e with e piecewise constant: 2^-e, exactly. The
// exponent comes from x again (llvm.frexp), not from the memory frexp wrote:
// the program may have overwritten that since.
void dFrexp(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  Type *ExponentTy = X->getType()->getWithNewType(B.getInt32Ty());
  Value *Parts =
      B.CreateIntrinsic(Intrinsic::frexp, {X->getType(), ExponentTy}, {X});
  Value *E = B.CreateExtractValue(Parts, 1);
  P[0] = B.CreateIntrinsic(Intrinsic::ldexp, {X->getType(), ExponentTy},
                           {constant(X, 1.0), B.CreateNeg(E)});
}
void dFabs(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  P[0] = B.CreateBinaryIntrinsic(Intrinsic::copysign, constant(X, 1.0), X);
}
void dFma(IRBuilderBase &B, MathOperands &O, Partials &P) {
  P[0] = O.arg(1);
  P[1] = O.arg(0);
  P[2] = constant(P[0], 1.0);
}
void dHypot(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *R = O.result();
  P[0] = B.CreateFDiv(O.arg(0), R);
  P[1] = B.CreateFDiv(O.arg(1), R);
}
void dErf(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0);
  Value *Gauss = unary(B, Intrinsic::exp, B.CreateFNeg(square(B, X)));
  P[0] = B.CreateFMul(constant(X, 2.0 * std::numbers::inv_sqrtpi), Gauss);
}
void dErfc(IRBuilderBase &B, MathOperands &O, Partials &P) {
  dErf(B, O, P);
  P[0] = B.CreateFNeg(P[0]);
}
// min/max: the derivative goes to the argument that was returned.
void dMin(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0), *Y = O.arg(1);
  Value *TakeX = B.CreateFCmpOLE(X, Y);
  P[0] = B.CreateSelect(TakeX, constant(X, 1.0), constant(X, 0.0));
  P[1] = B.CreateSelect(TakeX, constant(X, 0.0), constant(X, 1.0));
}
void dMax(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0), *Y = O.arg(1);
  Value *TakeX = B.CreateFCmpOGE(X, Y);
  P[0] = B.CreateSelect(TakeX, constant(X, 1.0), constant(X, 0.0));
  P[1] = B.CreateSelect(TakeX, constant(X, 0.0), constant(X, 1.0));
}
// copysign(x, y) = |x| sign(y): sign(x) sign(y) for x, nothing for y.
void dCopysign(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0), *Y = O.arg(1);
  Value *One = constant(X, 1.0);
  P[0] = B.CreateFMul(B.CreateBinaryIntrinsic(Intrinsic::copysign, One, X),
                      B.CreateBinaryIntrinsic(Intrinsic::copysign, One, Y));
}
// fmod(x, y) = x - y trunc(x / y)
void dFmod(IRBuilderBase &B, MathOperands &O, Partials &P) {
  Value *X = O.arg(0), *Y = O.arg(1);
  P[0] = constant(X, 1.0);
  P[1] = B.CreateFNeg(unary(B, Intrinsic::trunc, B.CreateFDiv(X, Y)));
}
// Piecewise-constant functions: derivative zero almost everywhere.
void dZero(IRBuilderBase &, MathOperands &, Partials &) {}

struct Entry {
  StringRef Name;
  PartialsFn Fn;
};

const Entry Table[] = {
    {"sin", dSin},        {"cos", dCos},        {"tan", dTan},
    {"asin", dAsin},      {"acos", dAcos},      {"atan", dAtan},
    {"atan2", dAtan2},    {"sinh", dSinh},      {"cosh", dCosh},
    {"tanh", dTanh},      {"asinh", dAsinh},    {"acosh", dAcosh},
    {"atanh", dAtanh},    {"exp", dExp},        {"exp2", dExp2},
    {"exp10", dExp10},    {"expm1", dExpm1},    {"log", dLog},
    {"log2", dLog2},      {"log10", dLog10},    {"log1p", dLog1p},
    {"sqrt", dSqrt},      {"cbrt", dCbrt},      {"pow", dPow},
    {"powi", dPowi},      {"ldexp", dLdexp},    {"frexp", dFrexp},
    {"fabs", dFabs},      {"fma", dFma},        {"fmuladd", dFma},
    {"hypot", dHypot},    {"erf", dErf},        {"erfc", dErfc},
    {"minnum", dMin},     {"fmin", dMin},       {"minimum", dMin},
    {"minimumnum", dMin}, {"maxnum", dMax},     {"fmax", dMax},
    {"maximum", dMax},    {"maximumnum", dMax}, {"copysign", dCopysign},
    {"fmod", dFmod},      {"floor", dZero},     {"ceil", dZero},
    {"round", dZero},     {"trunc", dZero},     {"rint", dZero},
    {"nearbyint", dZero}, {"roundeven", dZero},
};

const Entry *find(StringRef Name) {
  for (const Entry &E : Table)
    if (E.Name == Name)
      return &E;
  return nullptr;
}

} // namespace

std::optional<StringRef> mathName(StringRef Callee, Type *ResultType) {
  if (Callee.consume_front("llvm.")) {
    StringRef Base = Callee.split('.').first;
    if (const Entry *E = find(Base))
      return E->Name;
    return std::nullopt;
  }
  if (!ResultType->isFloatingPointTy())
    return std::nullopt;
  if (ResultType->isDoubleTy())
    if (const Entry *E = find(Callee))
      return E->Name;
  if (ResultType->isFloatTy() && Callee.consume_back("f"))
    if (const Entry *E = find(Callee))
      return E->Name;
  if (ResultType->isX86_FP80Ty() && Callee.consume_back("l"))
    if (const Entry *E = find(Callee))
      return E->Name;
  return std::nullopt;
}

PartialsFn mathPartials(StringRef Name) {
  const Entry *E = find(Name);
  return E ? E->Fn : nullptr;
}

} // namespace qgrad::ad
