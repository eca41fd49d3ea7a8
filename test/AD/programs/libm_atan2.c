// libm atan2 in two quadrants (x positive and x negative), both operands
// active.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *v, void *ctx) {
  (void)ctx;
  return atan2(v[0], v[1]) + atan2(v[2], v[3]);
}

int main(void) {
  double v[4] = {0.4, 1.3, -0.9, -2.1};
  qgrad_opaque_array(v, 4);
  double r1 = v[0] * v[0] + v[1] * v[1], r2 = v[2] * v[2] + v[3] * v[3];
  double analytic[4] = {v[1] / r1, -v[0] / r1, v[3] / r2, -v[2] / r2};
  double dv[4] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, v, dv, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_atan2", f, NULL, v, 4, dv, analytic,
                               qgrad_double_tolerances());
}
