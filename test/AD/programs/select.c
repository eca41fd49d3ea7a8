// select: conditional expressions (selects once optimized) choosing between
// active values, and between an active value and a constant; checked at
// points on both sides of each condition.
// RUN: %{ad_build} && %t
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

int main(void) {
  QgradCheckReport report = qgrad_report_start("select");
  const double points[3][2] = {{1.2, 0.5}, {0.3, 0.9}, {2.0, 1.5}};
  for (int i = 0; i < 3; ++i) {
    double x = qgrad_opaque(points[i][0]), y = qgrad_opaque(points[i][1]);
    QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
    ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
    qgrad_expect_binary(&report, "gradient", f, x, y, ad,
                        analytic_gradient(x, y), qgrad_double_tolerances());
  }
  return qgrad_report_finish(&report);
}
