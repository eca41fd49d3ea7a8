// assert() and abort() on paths that are never taken: blocks ending in calls
// to noreturn functions and unreachable terminators inside the
// differentiated function.
// RUN: %{ad_build} && %{ad_run}
#include <assert.h>
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(const double *x, void *ctx) {
  (void)ctx;
  assert(x[0] > 0.0);
  double product = 1.0;
  for (int i = 0; i < 3; ++i) {
    if (isnan(x[i]))
      abort();
    product *= x[i];
  }
  return product + x[0] * x[0];
}

int main(void) {
  double x[3] = {0.5, -1.5, 2.0}, dx[3] = {0};
  qgrad_opaque_array(x, 3);
  double analytic[3] = {x[1] * x[2] + 2.0 * x[0], x[0] * x[2], x[0] * x[1]};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("unreachable_abort", f, NULL, x, 3, dx, analytic,
                               qgrad_double_tolerances());
}
