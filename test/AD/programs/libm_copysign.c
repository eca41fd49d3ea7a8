// libm copysign: copysign(a, b) = |a| sgn(b), so d/da = sgn(a) sgn(b) and the
// sign operand gets no derivative.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) {
  return copysign(x * x * x, y) + copysign(y, -1.0) * x;
}

int main(void) {
  double x = qgrad_opaque(-1.2), y = qgrad_opaque(0.9);
  QgradPair analytic = {-3.0 * x * x - y, -x};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("libm_copysign", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
