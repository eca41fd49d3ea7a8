// libm sin, cos and tan, each on its own input, and a product of two of them.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return sin(x[0]) + cos(x[1]) + tan(x[2]) + sin(x[3]) * cos(x[3]);
}

int main(void) {
  double x[4] = {0.7, -1.1, 0.4, 2.3};
  qgrad_opaque_array(x, 4);
  double analytic[4] = {cos(x[0]), -sin(x[1]), 1.0 / (cos(x[2]) * cos(x[2])),
                        cos(x[3]) * cos(x[3]) - sin(x[3]) * sin(x[3])};
  double dx[4] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_trig", f, NULL, x, 4, dx, analytic,
                               qgrad_double_tolerances());
}
