// Default activities with no markers at all: the double is active (its
// derivative returned), the pointer is duplicated (the next argument is its
// shadow) and the integer is constant.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3 };

static double f(double x, const double *y, int n) {
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    sum += sin(y[i] * x);
  return sum;
}

static double f_of(const double *v, void *ctx) {
  (void)ctx;
  return f(v[0], v + 1, N);
}

int main(void) {
  double v[1 + N] = {0.9, 0.4, -1.3, 0.75}, analytic[1 + N] = {0};
  double ad[1 + N] = {0};
  qgrad_opaque_array(v, 1 + N);
  for (int i = 0; i < N; ++i) {
    double c = cos(v[1 + i] * v[0]);
    analytic[0] += c * v[1 + i];
    analytic[1 + i] = c * v[0];
  }
#ifndef QGRAD_NO_AD
  ad[0] = __enzyme_autodiff((void *)f, v[0], v + 1, ad + 1, (int)N);
#endif
  return qgrad_check_objective("markers_default", f_of, NULL, v, 1 + N, ad,
                               analytic, qgrad_double_tolerances());
}
