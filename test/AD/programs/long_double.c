// long double (x86_fp80) arithmetic and a long double return, through a
// long-double-typed prototype. The engine must give the exact derivative or
// refuse with an error; it must not crash.
// RUN: %{ad_build} && %{ad_run}
// Engine gap: no derivative type for x86_fp80. Until 9e5765e the pass
// crashed (segmentation fault in the fmul rule); since 76782c8 it refuses
// with "long double (x86_fp80) values carry active data".
// XFAIL: ad-plugin-O0, ad-plugin-O2, ad-qgrad-ad
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
