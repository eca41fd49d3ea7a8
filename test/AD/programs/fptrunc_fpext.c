// fptrunc and fpext: a double squared in float precision. The adjoint runs
// through the same casts, so it is exact in terms of x rounded to float; the
// finite differences see float rounding, hence their float step.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(double x) {
  float narrow = (float)x;
  return (double)(narrow * narrow) + x;
}

int main(void) {
  double x = qgrad_opaque(1.37);
  double analytic = 2.0 * (double)(float)x + 1.0;
  double ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  QgradTolerances tol = qgrad_float_tolerances();
  tol.analytic_rtol = 1e-12;
  return qgrad_check_unary("fptrunc_fpext", f, x, ad, analytic, tol);
}
