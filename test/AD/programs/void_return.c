// A void function differentiated through a void prototype: the derivative
// arrives only through the shadows of an input array and an accumulator.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

void __enzyme_autodiff_void(void *, ...);

static void accumulate(const double *x, double *total) {
  for (int i = 0; i < N; ++i)
    *total += x[i] * x[i] * (i + 1);
  *total *= x[0];
}

static double f_of(const double *x, void *ctx) {
  (void)ctx;
  double total = 0.25;
  accumulate(x, &total);
  return total;
}

int main(void) {
  double x[N] = {1.2, -0.5, 0.8, 0.3}, dx[N] = {0};
  qgrad_opaque_array(x, N);
  double total = 0.25, dtotal = 1.0, sum = 0.25, analytic[N];
  for (int i = 0; i < N; ++i)
    sum += x[i] * x[i] * (i + 1);
  for (int i = 0; i < N; ++i)
    analytic[i] = x[0] * 2.0 * x[i] * (i + 1);
  analytic[0] += sum;
#ifndef QGRAD_NO_AD
  __enzyme_autodiff_void((void *)accumulate, enzyme_dup, x, dx, enzyme_dup,
                         &total, &dtotal);
#endif
  return qgrad_check_objective("void_return", f_of, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
