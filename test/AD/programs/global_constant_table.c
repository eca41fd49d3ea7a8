// Reads of a constant global table of coefficients (inactive memory) mixed
// with active values: Horner evaluation of a polynomial.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { DEGREE = 5 };

static const double coefficients[DEGREE + 1] = {0.5, -1.0,  0.25,
                                                2.0, -0.75, 0.125};

static double f(double x) {
  double p = coefficients[DEGREE];
  for (int i = DEGREE - 1; i >= 0; --i)
    p = p * x + coefficients[i];
  return p;
}

int main(void) {
  double x = qgrad_opaque(1.15), analytic = 0.0, ad = 0;
  for (int i = 1; i <= DEGREE; ++i)
    analytic += i * coefficients[i] * pow(x, i - 1);
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("global_constant_table", f, x, ad, analytic,
                           qgrad_double_tolerances());
}
