// A counted loop left early by break when an active running sum passes a
// threshold.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) {
  double sum = 0.0;
  for (int i = 0; i < 100; ++i) {
    double term = sin(x * i) + y;
    if (sum + term > 4.0)
      break;
    sum += term * term;
  }
  return sum;
}

static QgradPair analytic_gradient(double x, double y) {
  double sum = 0.0;
  QgradPair g = {0, 0};
  for (int i = 0; i < 100; ++i) {
    double term = sin(x * i) + y;
    if (sum + term > 4.0)
      break;
    sum += term * term;
    g.dx += 2.0 * term * cos(x * i) * i;
    g.dy += 2.0 * term;
  }
  return g;
}

int main(void) {
  double x = qgrad_opaque(0.37), y = qgrad_opaque(0.6);
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("loop_break", f, x, y, ad, analytic_gradient(x, y),
                            qgrad_double_tolerances());
}
