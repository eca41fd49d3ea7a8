// long double libm calls (sinl, expl, sqrtl) in a loop whose values the
// reverse sweep needs again, so x86_fp80 values go through the tape, with a
// long double return.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

long double __enzyme_autodiff_long(void *, long double);

// The trip count is read at run time, so the loop stays a loop.
static volatile int terms = 4;

__attribute__((noinline)) static long double f(long double x) {
  long double sum = 0.0L;
  int n = terms;
  for (int i = 1; i <= n; ++i)
    sum += sinl(x * i) * expl(x / (i + 1)) + sqrtl(x * x + i);
  return sum;
}

static double f_narrowed(double x) { return (double)f(x); }

int main(void) {
  double x = qgrad_opaque(0.7), ad = 0, analytic = 0;
  for (int i = 1; i <= 4; ++i)
    analytic += i * cos(x * i) * exp(x / (i + 1)) +
                sin(x * i) * exp(x / (i + 1)) / (i + 1) + x / sqrt(x * x + i);
#ifndef QGRAD_NO_AD
  ad = (double)__enzyme_autodiff_long((void *)f, x);
#endif
  return qgrad_check_unary("long_double_math", f_narrowed, x, ad, analytic,
                           qgrad_double_tolerances());
}
