// libm sinh, cosh and tanh.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return sinh(x[0]) + cosh(x[1]) + tanh(x[2]) * 2.0;
}

int main(void) {
  double x[3] = {0.6, -1.2, 0.35};
  qgrad_opaque_array(x, 3);
  double analytic[3] = {cosh(x[0]), sinh(x[1]),
                        2.0 * (1.0 - tanh(x[2]) * tanh(x[2]))};
  double dx[3] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_hyperbolic", f, NULL, x, 3, dx, analytic,
                               qgrad_double_tolerances());
}
