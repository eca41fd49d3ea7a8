// libm pow with both operands active, a constant exponent and a constant
// base.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return pow(x[0], x[1]) + pow(x[2], 3.0) + pow(2.0, x[3]);
}

int main(void) {
  double x[4] = {1.8, 0.7, -1.3, 0.45};
  qgrad_opaque_array(x, 4);
  double analytic[4] = {x[1] * pow(x[0], x[1] - 1.0),
                        log(x[0]) * pow(x[0], x[1]), 3.0 * x[2] * x[2],
                        log(2.0) * pow(2.0, x[3])};
  double dx[4] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_pow", f, NULL, x, 4, dx, analytic,
                               qgrad_double_tolerances());
}
