// LLVM intrinsics llvm.minnum, llvm.maxnum, llvm.minimum and llvm.maximum.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return __builtin_elementwise_min(x[0], x[1]) +
         2.0 * __builtin_elementwise_max(x[0], x[1]) +
         3.0 * __builtin_elementwise_minimum(x[2], x[3]) +
         4.0 * __builtin_elementwise_maximum(x[2], x[3]);
}

int main(void) {
  double x[4] = {0.9, -0.2, -1.7, 0.4};
  qgrad_opaque_array(x, 4);
  double analytic[4] = {2.0, 1.0, 3.0, 4.0};
  double dx[4] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("intrinsic_minmax", f, NULL, x, 4, dx, analytic,
                               qgrad_double_tolerances());
}
