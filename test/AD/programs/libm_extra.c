// libm functions beyond the design's list: expm1, log1p, erfc and fmod (the
// call, not the frem instruction).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return expm1(x[0]) + log1p(x[1]) + erfc(x[2]) + fmod(x[3], 0.8);
}

int main(void) {
  double x[4] = {0.25, 0.6, -0.4, 2.1};
  qgrad_opaque_array(x, 4);
  double analytic[4] = {exp(x[0]), 1.0 / (1.0 + x[1]),
                        -2.0 / sqrt(acos(-1.0)) * exp(-x[2] * x[2]), 1.0};
  double dx[4] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_extra", f, NULL, x, 4, dx, analytic,
                               qgrad_double_tolerances());
}
