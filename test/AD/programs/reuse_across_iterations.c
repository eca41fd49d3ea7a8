// One active value used in every iteration of a loop, and a loop-carried
// value read twice per iteration: its adjoint must accumulate across
// iterations, not be overwritten.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) {
  double s = y;
  for (int i = 0; i < 6; ++i)
    s = s * x + x * x - 0.3 * s * s;
  return s;
}

static QgradPair analytic_gradient(double x, double y) {
  double s = y, ds_dx = 0.0, ds_dy = 1.0;
  for (int i = 0; i < 6; ++i) {
    double slope = x - 0.6 * s;
    ds_dx = slope * ds_dx + s + 2.0 * x;
    ds_dy = slope * ds_dy;
    s = s * x + x * x - 0.3 * s * s;
  }
  QgradPair g = {ds_dx, ds_dy};
  return g;
}

int main(void) {
  double x = qgrad_opaque(0.55), y = qgrad_opaque(0.8);
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("reuse_across_iterations", f, x, y, ad,
                            analytic_gradient(x, y), qgrad_double_tolerances());
}
