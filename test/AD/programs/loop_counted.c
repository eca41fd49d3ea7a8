// Counted loop with a loop-carried active value: sum_{i=1..10} x^i / i,
// the power updated in place each iteration.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(double x) {
  double power = 1.0, sum = 0.0;
  for (int i = 1; i <= 10; ++i) {
    power *= x;
    sum += power / i;
  }
  return sum;
}

int main(void) {
  double x = qgrad_opaque(0.7);
  double analytic = 0.0;
  for (int i = 1; i <= 10; ++i)
    analytic += pow(x, i - 1);
  double ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("loop_counted", f, x, ad, analytic,
                           qgrad_double_tolerances());
}
