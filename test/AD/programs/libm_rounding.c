// libm floor, ceil, round and trunc: zero derivative, but their values scale
// other active terms.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return x[0] * floor(x[0]) + ceil(x[1]) * x[1] * x[1] + round(x[2]) +
         trunc(x[3]) * x[3];
}

int main(void) {
  double x[4] = {2.3, -1.6, 0.7, -3.4};
  qgrad_opaque_array(x, 4);
  double analytic[4] = {floor(x[0]), 2.0 * ceil(x[1]) * x[1], 0.0, trunc(x[3])};
  double dx[4] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_rounding", f, NULL, x, 4, dx, analytic,
                               qgrad_double_tolerances());
}
