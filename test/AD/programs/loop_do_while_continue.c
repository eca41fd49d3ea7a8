// A do-while loop (body before the test) with continue skipping part of the
// body on a data-independent condition.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) {
  double s = y;
  int i = 0;
  do {
    ++i;
    s = s * x + 0.1;
    if (i % 3 == 0)
      continue;
    s = s + y * y;
  } while (i < 8);
  return s;
}

static QgradPair analytic_gradient(double x, double y) {
  double s = y, ds_dx = 0.0, ds_dy = 1.0;
  for (int i = 1; i <= 8; ++i) {
    ds_dx = ds_dx * x + s;
    ds_dy = ds_dy * x;
    s = s * x + 0.1;
    if (i % 3 == 0)
      continue;
    ds_dy += 2.0 * y;
    s = s + y * y;
  }
  QgradPair g = {ds_dx, ds_dy};
  return g;
}

int main(void) {
  double x = qgrad_opaque(0.9), y = qgrad_opaque(0.4);
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("loop_do_while_continue", f, x, y, ad,
                            analytic_gradient(x, y), qgrad_double_tolerances());
}
