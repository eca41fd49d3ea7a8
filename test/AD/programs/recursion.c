// Recursion that is not a tail call: g_n(x) = sin(g_{n-1}(x)) * x with
// g_0(x) = x, and a recursive power.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

__attribute__((noinline)) static double nest(double x, int n) {
  if (n == 0)
    return x;
  return sin(nest(x, n - 1)) * x;
}

__attribute__((noinline)) static double power(double x, int n) {
  return n == 0 ? 1.0 : x * power(x, n - 1);
}

static double f(double x) { return nest(x, 6) + power(x, 5); }

int main(void) {
  double x = qgrad_opaque(1.1);
  double g = x, dg = 1.0;
  for (int i = 1; i <= 6; ++i) {
    dg = cos(g) * dg * x + sin(g);
    g = sin(g) * x;
  }
  double analytic = dg + 5.0 * pow(x, 4), ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("recursion", f, x, ad, analytic,
                           qgrad_double_tolerances());
}
