// libm exp and exp2, alone and composed.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  return exp(x[0]) + exp2(x[1]) + exp(exp2(x[2]));
}

int main(void) {
  double x[3] = {0.9, -1.6, 0.3};
  qgrad_opaque_array(x, 3);
  double analytic[3] = {exp(x[0]), log(2.0) * exp2(x[1]),
                        exp(exp2(x[2])) * log(2.0) * exp2(x[2])};
  double dx[3] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("libm_exp", f, NULL, x, 3, dx, analytic,
                               qgrad_double_tolerances());
}
