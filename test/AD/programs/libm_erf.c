// libm erf, at a point and of a scaled argument.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) { return erf(x) + erf(x * y); }

int main(void) {
  double x = qgrad_opaque(0.7), y = qgrad_opaque(-1.4);
  double two_over_sqrt_pi = 2.0 / sqrt(acos(-1.0));
  double g = two_over_sqrt_pi * exp(-(x * y) * (x * y));
  QgradPair analytic = {two_over_sqrt_pi * exp(-x * x) + g * y, g * x};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("libm_erf", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
