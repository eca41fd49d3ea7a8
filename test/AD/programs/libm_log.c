// libm log, log2 and log10, and log of a product.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return log(x[0]) + log2(x[1]) + log10(x[2]) + log(x[0] * x[2]);
}

int main(void) {
  double x[3] = {1.7, 0.45, 3.2};
  qgrad_opaque_array(x, 3);
  double analytic[3] = {2.0 / x[0], 1.0 / (x[1] * log(2.0)),
                        1.0 / (x[2] * log(10.0)) + 1.0 / x[2]};
  double dx[3] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_log", f, NULL, x, 3, dx, analytic,
                               qgrad_double_tolerances());
}
