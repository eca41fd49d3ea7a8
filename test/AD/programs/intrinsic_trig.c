// LLVM intrinsics llvm.sin, llvm.cos, llvm.tan, llvm.asin, llvm.acos,
// llvm.atan and llvm.atan2.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return __builtin_elementwise_sin(x[0]) + __builtin_elementwise_cos(x[1]) +
         __builtin_elementwise_tan(x[2]) + __builtin_elementwise_asin(x[3]) +
         __builtin_elementwise_acos(x[4]) + __builtin_elementwise_atan(x[5]) +
         __builtin_elementwise_atan2(x[6], x[7]);
}

int main(void) {
  double x[8] = {1.1, 0.4, -0.5, 0.2, -0.35, 1.9, -0.6, 0.85};
  qgrad_opaque_array(x, 8);
  double r = x[6] * x[6] + x[7] * x[7];
  double analytic[8] = {cos(x[0]),
                        -sin(x[1]),
                        1.0 / (cos(x[2]) * cos(x[2])),
                        1.0 / sqrt(1.0 - x[3] * x[3]),
                        -1.0 / sqrt(1.0 - x[4] * x[4]),
                        1.0 / (1.0 + x[5] * x[5]),
                        x[7] / r,
                        -x[6] / r};
  double dx[8] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("intrinsic_trig", f, NULL, x, 8, dx, analytic,
                               qgrad_double_tolerances());
}
