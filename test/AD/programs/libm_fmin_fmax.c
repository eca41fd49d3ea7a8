// libm fmin and fmax: the derivative follows the operand that is selected.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return fmin(x[0], x[1]) * 3.0 + fmax(x[2], x[3]) * x[0];
}

int main(void) {
  double x[4] = {0.5, 1.4, -2.0, -0.3};
  qgrad_opaque_array(x, 4);
  double analytic[4] = {3.0 + x[3], 0.0, 0.0, x[0]};
  double dx[4] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_fmin_fmax", f, NULL, x, 4, dx, analytic,
                               qgrad_double_tolerances());
}
