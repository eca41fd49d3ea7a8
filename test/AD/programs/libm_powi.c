// llvm.powi (from __builtin_powi) with positive, negative and zero integer
// exponents; the run-time exponent is an integer argument, so it is constant.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(double x, int n) {
  return __builtin_powi(x, n) + __builtin_powi(x, -2) + __builtin_powi(x, 0);
}

static int exponent;

static double f_fixed(double x) { return f(x, exponent); }

int main(void) {
  double x = qgrad_opaque(1.35);
  exponent = (int)qgrad_opaque_long(3);
  double analytic = exponent * pow(x, exponent - 1) - 2.0 / (x * x * x);
  double ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x, enzyme_const, exponent);
#endif
  return qgrad_check_unary("libm_powi", f_fixed, x, ad, analytic,
                           qgrad_double_tolerances());
}
