// Double arithmetic: fadd, fsub, fmul and fdiv combined in one expression.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) {
  return (x * y - 3.0 * x) / (y + 2.0) + x - y * y;
}

int main(void) {
  double x = qgrad_opaque(1.3), y = qgrad_opaque(-0.7);
  QgradPair analytic = {
      (y - 3.0) / (y + 2.0) + 1.0,
      (x * (y + 2.0) - (x * y - 3.0 * x)) / ((y + 2.0) * (y + 2.0)) - 2.0 * y};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("arith_double", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
