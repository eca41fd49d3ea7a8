// LLVM intrinsics llvm.exp, llvm.exp2, llvm.exp10, llvm.log, llvm.log2 and
// llvm.log10, emitted directly by clang's elementwise builtins.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return __builtin_elementwise_exp(x[0]) + __builtin_elementwise_exp2(x[1]) +
         __builtin_elementwise_exp10(x[2]) + __builtin_elementwise_log(x[3]) +
         __builtin_elementwise_log2(x[4]) + __builtin_elementwise_log10(x[5]);
}

int main(void) {
  double x[6] = {0.3, -0.7, 0.2, 2.5, 0.8, 4.1};
  qgrad_opaque_array(x, 6);
  double analytic[6] = {
      exp(x[0]),  log(2.0) * exp2(x[1]),   log(10.0) * pow(10.0, x[2]),
      1.0 / x[3], 1.0 / (x[4] * log(2.0)), 1.0 / (x[5] * log(10.0))};
  double dx[6] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("intrinsic_exp_log", f, NULL, x, 6, dx, analytic,
                               qgrad_double_tolerances());
}
