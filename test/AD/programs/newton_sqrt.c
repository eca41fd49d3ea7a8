// Newton's iteration for sqrt(a) run to convergence by a data-dependent
// while loop; differentiating the iterations converges to 1 / (2 sqrt(a))
// along with the value. Tolerance 1e-10 relative (not 1e-12): the
// derivative of the last iterate carries the iteration's rounding.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double newton_sqrt(double a) {
  double x = a > 1.0 ? a : 1.0, previous = 0.0;
  int steps = 0;
  while (fabs(x - previous) > 1e-15 * x && steps++ < 100) {
    previous = x;
    x = 0.5 * (x + a / x);
  }
  return x;
}

static double f(double a) { return newton_sqrt(a) * a; }

int main(void) {
  double a = qgrad_opaque(2.7), ad = 0;
  double analytic = 1.5 * sqrt(a);
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, a);
#endif
  QgradTolerances tol = qgrad_double_tolerances();
  tol.analytic_rtol = 1e-10;
  return qgrad_check_unary("newton_sqrt", f, a, ad, analytic, tol);
}
