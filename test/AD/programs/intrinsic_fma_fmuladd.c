// LLVM intrinsics llvm.fma (elementwise builtin) and llvm.fmuladd (clang
// contracts a * b + c into it under the default -ffp-contract=on).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  double fused = __builtin_elementwise_fma(x[0], x[1], x[2]);
  return x[3] * x[4] + fused;
}

int main(void) {
  double x[5] = {0.7, -1.3, 0.25, 2.2, 0.9};
  qgrad_opaque_array(x, 5);
  double analytic[5] = {x[1], x[0], 1.0, x[4], x[3]};
  double dx[5] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("intrinsic_fma_fmuladd", f, NULL, x, 5, dx,
                               analytic, qgrad_double_tolerances());
}
