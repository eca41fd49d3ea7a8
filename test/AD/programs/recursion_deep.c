// Recursion 20000 calls deep with an active value threaded through every
// frame: the shared tape must hold all frames. The derivative is a product
// of 20000 rounded factors, in a different order than the formula's, so the
// AD-vs-analytic tolerance is 1e-11 relative instead of 1e-12.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

__attribute__((noinline)) static double descend(double x, long depth) {
  if (depth == 0)
    return x;
  double inner = descend(x, depth - 1);
  return inner + 1e-4 * sin(inner);
}

static long depth;

static double f(double x) { return descend(x, depth); }

int main(void) {
  depth = qgrad_opaque_long(20000);
  double x = qgrad_opaque(0.8), value = x, derivative = 1.0, ad = 0;
  for (long i = 0; i < depth; ++i) {
    derivative *= 1.0 + 1e-4 * cos(value);
    value += 1e-4 * sin(value);
  }
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)descend, x, depth);
#endif
  QgradTolerances tol = qgrad_double_tolerances();
  tol.analytic_rtol = 1e-11;
  return qgrad_check_unary("recursion_deep", f, x, ad, derivative, tol);
}
