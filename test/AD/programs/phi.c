// phi: a variable assigned on both arms of if/else and merged, then reused;
// each arm is taken at one of the two points.
// RUN: %{ad_build} && %{ad_run}
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

QGRAD_DEFINE_AD_BINARY(ad_gradient, __enzyme_autodiff_pair, f)

int main(void) {
  const double points[2][2] = {{0.8, 1.3}, {-0.6, 1.1}};
  return qgrad_check_binary_points("phi", f, ad_gradient, analytic_gradient,
                                   points, 2, qgrad_double_tolerances());
}
