// long double (x86_fp80) arithmetic and a long double return, through a
// long-double-typed prototype. The engine must give the exact derivative or
// refuse with an error; it must not crash.
// RUN: %{ad_build} && %{ad_run}
// Up to 9e5765e the pass crashed here (segmentation fault in the fmul
// rule); then it refused with "long double (x86_fp80) values carry active
// data"; x86_fp80 is now a derivative type like double.
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

long double __enzyme_autodiff_long(void *, long double);

static long double f(long double x) { return x * x * 3.0L - x / 4.0L; }

static double f_narrowed(double x) { return (double)f(x); }

int main(void) {
  double x = qgrad_opaque(-1.3), ad = 0;
  double analytic = 6.0 * x - 0.25;
#ifndef QGRAD_NO_AD
  ad = (double)__enzyme_autodiff_long((void *)f, x);
#endif
  return qgrad_check_unary("long_double", f_narrowed, x, ad, analytic,
                           qgrad_double_tolerances());
}
