// libm fma with all three operands active.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return fma(x[0], x[1], x[2]) * x[2];
}

int main(void) {
  double x[3] = {1.1, -0.6, 2.5};
  qgrad_opaque_array(x, 3);
  double analytic[3] = {x[1] * x[2], x[0] * x[2], x[0] * x[1] + 2.0 * x[2]};
  double dx[3] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_fma", f, NULL, x, 3, dx, analytic,
                               qgrad_double_tolerances());
}
