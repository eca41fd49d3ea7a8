// int<->float casts: fptosi and fptoui cut the derivative (their results are
// integers); sitofp and uitofp of integer arguments give constants. The int
// arguments take the default activity (constant).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = -3, M = 7 };

static double f(double x, int n, unsigned m) {
  double whole = (double)(long)(x * 4.0);
  double tenths = (double)(unsigned)(x * 10.0);
  return x * whole + tenths * x * x + (double)n * x + (double)m / x;
}

static double f_fixed(double x) { return f(x, N, M); }

int main(void) {
  double x = qgrad_opaque(1.37);
  double analytic = 5.0 + 2.0 * 13.0 * x + N - M / (x * x);
  double ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x, (int)N, (unsigned)M);
#endif
  return qgrad_check_unary("cast_int_float", f_fixed, x, ad, analytic,
                           qgrad_double_tolerances());
}
