// Intrinsics and builtins whose results carry no derivative, applied to
// active values: classification (isnan, isinf, isfinite, signbit, all
// llvm.is.fpclass or bit tests), llvm.expect and llvm.assume. They steer
// control flow only.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(double x) {
  double y = x * x;
  __builtin_assume(y >= 0.0);
  if (__builtin_expect(isnan(y) || isinf(y), 0))
    return 0.0;
  double sign = signbit(x) ? -1.0 : 1.0;
  return isfinite(y) ? sign * y * x : 0.0;
}

int main(void) {
  double x = qgrad_opaque(-0.8), ad = 0;
  double analytic = -3.0 * x * x;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("intrinsic_inactive", f, x, ad, analytic,
                           qgrad_double_tolerances());
}
