// One noinline function called from several places: with different active
// arguments, with a constant argument, nested in its own argument, and from
// inside a loop.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

__attribute__((noinline)) static double bump(double a, double b) {
  return a * a * b + sin(b);
}

static double f(double x, double y) {
  double total = bump(x, y) + bump(y, 2.0) + bump(bump(x, 0.5), x);
  for (int i = 1; i <= 3; ++i)
    total += bump(x * i, y);
  return total;
}

int main(void) {
  double x = qgrad_opaque(0.6), y = qgrad_opaque(1.4);
  double inner = x * x * 0.5 + sin(0.5), dinner = x;
  /* d bump(a, b) = (2ab) da + (a^2 + cos b) db */
  double dx = 2.0 * x * y + 2.0 * inner * x * dinner + (inner * inner + cos(x));
  double dy = (x * x + cos(y)) + 2.0 * y * 2.0;
  for (int i = 1; i <= 3; ++i) {
    dx += 2.0 * x * i * y * i;
    dy += x * i * x * i + cos(y);
  }
  QgradPair analytic = {dx, dy}, ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("call_several_sites", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
