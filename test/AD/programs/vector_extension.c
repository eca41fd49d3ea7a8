// Clang vector extensions: arithmetic on <2 x double> values, with element
// extraction and insertion, so the IR holds vector-typed active values.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef double double2 __attribute__((vector_size(16)));

static double f(const double *x, void *ctx) {
  (void)ctx;
  double2 a = {x[0], x[1]}, b = {x[2], x[3]};
  double2 c = a * b + a * a;
  c[1] = c[1] * x[0];
  return c[0] + c[1];
}

int main(void) {
  double x[4] = {0.6, -1.1, 1.4, 0.35}, dx[4] = {0};
  qgrad_opaque_array(x, 4);
  /* f = (x0 x2 + x0^2) + (x1 x3 + x1^2) x0 */
  double c1 = x[1] * x[3] + x[1] * x[1];
  double analytic[4] = {x[2] + 2.0 * x[0] + c1, (x[3] + 2.0 * x[1]) * x[0],
                        x[0], x[1] * x[0]};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("vector_extension", f, NULL, x, 4, dx, analytic,
                               qgrad_double_tolerances());
}
