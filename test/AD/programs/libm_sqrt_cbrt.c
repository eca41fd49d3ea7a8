// libm sqrt and cbrt, including cbrt of a negative value and sqrt of a
// product.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return sqrt(x[0]) + cbrt(x[1]) + sqrt(x[0] * x[2]);
}

int main(void) {
  double x[3] = {2.6, -0.8, 1.5};
  qgrad_opaque_array(x, 3);
  double root = sqrt(x[0] * x[2]), cube_root = cbrt(x[1]);
  double analytic[3] = {0.5 / sqrt(x[0]) + 0.5 * x[2] / root,
                        1.0 / (3.0 * cube_root * cube_root), 0.5 * x[0] / root};
  double dx[3] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_sqrt_cbrt", f, NULL, x, 3, dx, analytic,
                               qgrad_double_tolerances());
}
