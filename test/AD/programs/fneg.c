// fneg: negation of active values, alone and inside products.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) { return -(x * x) * y - (-y) + -x; }

int main(void) {
  double x = qgrad_opaque(0.8), y = qgrad_opaque(-1.9);
  QgradPair analytic = {-2.0 * x * y - 1.0, -(x * x) + 1.0};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("fneg", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
