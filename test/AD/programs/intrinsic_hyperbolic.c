// LLVM intrinsics llvm.sinh, llvm.cosh and llvm.tanh.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return __builtin_elementwise_sinh(x[0]) * __builtin_elementwise_cosh(x[1]) +
         __builtin_elementwise_tanh(x[2]);
}

int main(void) {
  double x[3] = {0.45, -0.8, 1.2};
  qgrad_opaque_array(x, 3);
  double t = tanh(x[2]);
  double analytic[3] = {cosh(x[0]) * cosh(x[1]), sinh(x[0]) * sinh(x[1]),
                        1.0 - t * t};
  double dx[3] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("intrinsic_hyperbolic", f, NULL, x, 3, dx,
                               analytic, qgrad_double_tolerances());
}
