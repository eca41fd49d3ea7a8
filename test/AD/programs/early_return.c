// Branches with early returns: three exits with different active values,
// each taken at one point.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

__attribute__((noinline)) static double f(double x, double y) {
  double s = x * y;
  if (x < 0.0)
    return s * s;
  double c = cos(s);
  if (y > 2.0)
    return c * y;
  return c + x * x * x;
}

static QgradPair analytic_gradient(double x, double y) {
  double s = x * y;
  if (x < 0.0) {
    QgradPair g = {2.0 * s * y, 2.0 * s * x};
    return g;
  }
  double ds = -sin(s);
  if (y > 2.0) {
    QgradPair g = {ds * y * y, ds * x * y + cos(s)};
    return g;
  }
  QgradPair g = {ds * y + 3.0 * x * x, ds * x};
  return g;
}

QGRAD_DEFINE_AD_BINARY(ad_gradient, __enzyme_autodiff_pair, f)

int main(void) {
  const double points[3][2] = {{-0.7, 1.2}, {0.4, 2.5}, {0.9, 0.3}};
  return qgrad_check_binary_points("early_return", f, ad_gradient,
                                   analytic_gradient, points, 3,
                                   qgrad_double_tolerances());
}
