// A loop whose trip count is an argument known only at run time:
// prod_{i<n} (x + i/10), differentiated by its logarithmic derivative.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(double x, long n) {
  double product = 1.0;
  for (long i = 0; i < n; ++i)
    product *= x + 0.1 * i;
  return product;
}

static long trips;

static double f_with_trips(double x) { return f(x, trips); }

int main(void) {
  double x = qgrad_opaque(0.45);
  trips = qgrad_opaque_long(7);
  double log_derivative = 0.0;
  for (long i = 0; i < trips; ++i)
    log_derivative += 1.0 / (x + 0.1 * i);
  double analytic = f(x, trips) * log_derivative, ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x, trips);
#endif
  return qgrad_check_unary("loop_runtime_trip", f_with_trips, x, ad, analytic,
                           qgrad_double_tolerances());
}
