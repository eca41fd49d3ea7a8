// A loop with a return inside its body (two exits: the loop test and the
// early return), each exit taken at one of the points.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) {
  double s = 0.0;
  for (int i = 1; i <= 10; ++i) {
    s += x * i + y * y;
    if (s > 20.0)
      return s * x;
  }
  return s + y;
}

static QgradPair analytic_gradient(double x, double y) {
  double s = 0.0, ds_dx = 0.0, ds_dy = 0.0;
  for (int i = 1; i <= 10; ++i) {
    s += x * i + y * y;
    ds_dx += i;
    ds_dy += 2.0 * y;
    if (s > 20.0) {
      QgradPair g = {ds_dx * x + s, ds_dy * x};
      return g;
    }
  }
  QgradPair g = {ds_dx, ds_dy + 1.0};
  return g;
}

QGRAD_DEFINE_AD_BINARY(ad_gradient, __enzyme_autodiff_pair, f)

int main(void) {
  const double points[2][2] = {{0.9, 0.5}, {0.1, 0.3}};
  return qgrad_check_binary_points("loop_return_inside", f, ad_gradient,
                                   analytic_gradient, points, 2,
                                   qgrad_double_tolerances());
}
