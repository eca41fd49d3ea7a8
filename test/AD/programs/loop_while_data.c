// while loop whose exit depends on active data: v <- a v + 1 until v >= 10.
// The trip count is piecewise constant in the inputs, so the derivative is
// that of the fixed number of steps taken (recomputed by hand below).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double a) {
  double v = x;
  while (v < 10.0)
    v = a * v + 1.0;
  return v * v;
}

/* Forward-mode by hand: carry dv/dx and dv/da through the same steps. */
static QgradPair analytic_gradient(double x, double a) {
  double v = x, dv_dx = 1.0, dv_da = 0.0;
  while (v < 10.0) {
    dv_da = v + a * dv_da;
    dv_dx = a * dv_dx;
    v = a * v + 1.0;
  }
  QgradPair g = {2.0 * v * dv_dx, 2.0 * v * dv_da};
  return g;
}

QGRAD_DEFINE_AD_BINARY(ad_gradient, __enzyme_autodiff_pair, f)

int main(void) {
  const double points[2][2] = {{0.5, 1.9}, {3.1, 1.45}};
  return qgrad_check_binary_points("loop_while_data", f, ad_gradient,
                                   analytic_gradient, points, 2,
                                   qgrad_double_tolerances());
}
