// LLVM intrinsics llvm.fabs and llvm.copysign with active magnitude and an
// active (but derivative-free) sign operand.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return __builtin_elementwise_abs(x[0]) * x[1] +
         __builtin_elementwise_copysign(x[1] * x[1], x[2]) + x[2];
}

int main(void) {
  double x[3] = {-2.1, 0.6, -0.3};
  qgrad_opaque_array(x, 3);
  double analytic[3] = {-x[1], fabs(x[0]) - 2.0 * x[1], 1.0};
  double dx[3] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("intrinsic_fabs_copysign", f, NULL, x, 3, dx,
                               analytic, qgrad_double_tolerances());
}
