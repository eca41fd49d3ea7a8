// select: conditional expressions (selects once optimized) choosing between
// active values, and between an active value and a constant; checked at
// points on both sides of each condition.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) {
  double larger = x > y ? x * x : 3.0 * y;
  double clipped = x * y < 1.0 ? x * y : 1.0;
  return larger + clipped;
}

static QgradPair analytic_gradient(double x, double y) {
  QgradPair g = {0, 0};
  if (x > y)
    g.dx += 2.0 * x;
  else
    g.dy += 3.0;
  if (x * y < 1.0) {
    g.dx += y;
    g.dy += x;
  }
  return g;
}

QGRAD_DEFINE_AD_BINARY(ad_gradient, __enzyme_autodiff_pair, f)

int main(void) {
  const double points[3][2] = {{1.2, 0.5}, {0.3, 0.9}, {2.0, 1.5}};
  return qgrad_check_binary_points("select", f, ad_gradient, analytic_gradient,
                                   points, 3, qgrad_double_tolerances());
}
