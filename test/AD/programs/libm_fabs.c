// libm fabs of a positive and of a negative value.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) { return fabs(x) * y + fabs(y * y * y); }

int main(void) {
  double x = qgrad_opaque(-0.75), y = qgrad_opaque(1.6);
  QgradPair analytic = {-y, fabs(x) + 3.0 * y * y};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("libm_fabs", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
