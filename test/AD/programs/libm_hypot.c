// libm hypot with both operands active.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) { return hypot(x, y) * x; }

int main(void) {
  double x = qgrad_opaque(-1.5), y = qgrad_opaque(2.25);
  double h = hypot(x, y);
  QgradPair analytic = {h + x * x / h, x * y / h};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("libm_hypot", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
