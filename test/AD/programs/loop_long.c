// A loop of 300000 iterations with a run-time trip count and a loop-carried
// value, so a store-all tape must grow far beyond any small initial buffer.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(double x, long n) {
  double s = 0.0;
  for (long i = 0; i < n; ++i)
    s = s * 0.99999 + sin(x * (double)(i % 97));
  return s;
}

static long trips;

static double f_with_trips(double x) { return f(x, trips); }

int main(void) {
  trips = qgrad_opaque_long(300000);
  double x = qgrad_opaque(0.013), analytic = 0.0, ad = 0;
  for (long i = 0; i < trips; ++i)
    analytic = analytic * 0.99999 + cos(x * (double)(i % 97)) * (i % 97);
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x, trips);
#endif
  return qgrad_check_unary("loop_long", f_with_trips, x, ad, analytic,
                           qgrad_double_tolerances());
}
