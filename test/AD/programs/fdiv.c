// fdiv: quotients with the active value in the numerator, the denominator,
// and both.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) { return x / 3.0 + 2.0 / y + x / (y * y); }

int main(void) {
  double x = qgrad_opaque(2.2), y = qgrad_opaque(0.6);
  QgradPair analytic = {1.0 / 3.0 + 1.0 / (y * y),
                        -2.0 / (y * y) - 2.0 * x / (y * y * y)};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("fdiv", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
