// LLVM intrinsics llvm.floor, llvm.ceil, llvm.round, llvm.trunc, llvm.rint,
// llvm.nearbyint and llvm.roundeven: zero derivatives that still scale
// other active terms.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return x[0] * __builtin_elementwise_floor(x[0]) +
         x[1] * __builtin_elementwise_ceil(x[1]) +
         x[2] * __builtin_elementwise_round(x[2]) +
         x[3] * __builtin_elementwise_trunc(x[3]) +
         x[4] * __builtin_elementwise_rint(x[4]) +
         x[5] * __builtin_elementwise_nearbyint(x[5]) +
         x[6] * __builtin_elementwise_roundeven(x[6]);
}

int main(void) {
  double x[7] = {2.3, -1.6, 0.7, -3.4, 5.2, -0.8, 4.45};
  qgrad_opaque_array(x, 7);
  double analytic[7] = {floor(x[0]), ceil(x[1]),      round(x[2]), trunc(x[3]),
                        rint(x[4]),  nearbyint(x[5]), 4.0};
  double dx[7] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("intrinsic_rounding", f, NULL, x, 7, dx,
                               analytic, qgrad_double_tolerances());
}
