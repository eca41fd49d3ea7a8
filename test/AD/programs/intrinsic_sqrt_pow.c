// LLVM intrinsics llvm.sqrt, llvm.pow and llvm.ldexp.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return __builtin_elementwise_sqrt(x[0] * x[1]) +
         __builtin_elementwise_pow(x[2], x[1]) +
         __builtin_elementwise_ldexp(x[0], 3);
}

int main(void) {
  double x[3] = {1.9, 0.65, 2.3};
  qgrad_opaque_array(x, 3);
  double root = sqrt(x[0] * x[1]), power = pow(x[2], x[1]);
  double analytic[3] = {0.5 * x[1] / root + 8.0,
                        0.5 * x[0] / root + log(x[2]) * power,
                        x[1] * pow(x[2], x[1] - 1.0)};
  double dx[3] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("intrinsic_sqrt_pow", f, NULL, x, 3, dx,
                               analytic, qgrad_double_tolerances());
}
