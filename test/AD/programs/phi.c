// phi: a variable assigned on both arms of if/else and merged, then reused;
// each arm is taken at one of the two points.
// RUN: %{ad_build} && %t
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

__attribute__((noinline)) static double f(double x, double y) {
  double t;
  if (x * y > 0.0) {
    t = sin(x) * y;
  } else {
    t = x - y * y;
    t = t * t;
  }
  return t * x + y;
}

static QgradPair analytic_gradient(double x, double y) {
  QgradPair g;
  if (x * y > 0.0) {
    double t = sin(x) * y;
    g.dx = cos(x) * y * x + t;
    g.dy = sin(x) * x + 1.0;
  } else {
    double u = x - y * y, t = u * u;
    g.dx = 2.0 * u * x + t;
    g.dy = 2.0 * u * (-2.0 * y) * x + 1.0;
  }
  return g;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("phi");
  const double points[2][2] = {{0.8, 1.3}, {-0.6, 1.1}};
  for (int i = 0; i < 2; ++i) {
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
