// frem: the LLVM instruction (from __builtin_elementwise_fmod). Away from its
// jumps, d(a rem b)/da = 1 and d/db = -trunc(a / b).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) {
  return __builtin_elementwise_fmod(x * x, y) * x;
}

int main(void) {
  double x = qgrad_opaque(2.3), y = qgrad_opaque(1.7);
  double q = trunc(x * x / y), r = x * x - q * y;
  QgradPair analytic = {2.0 * x * x + r, -q * x};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("frem", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
