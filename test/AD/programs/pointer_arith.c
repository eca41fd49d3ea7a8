// Pointer arithmetic: a pointer walked with += and compared against an end
// pointer, reading *p and *(p + 1) through it.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 6 };

static double f(const double *x, const double *end) {
  double sum = 0.0;
  for (const double *p = x; p + 1 < end; p += 2)
    sum += *p * *(p + 1) + p[1] * p[1] * 0.5;
  return sum;
}

static double f_of(const double *x, void *ctx) {
  (void)ctx;
  return f(x, x + N);
}

int main(void) {
  double x[N] = {0.5, 1.5, -0.8, 0.3, 2.2, -1.4};
  qgrad_opaque_array(x, N);
  double analytic[N], dx[N] = {0};
  for (int i = 0; i < N; i += 2) {
    analytic[i] = x[i + 1];
    analytic[i + 1] = x[i] + x[i + 1];
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, x + N);
#endif
  return qgrad_check_objective("pointer_arith", f_of, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
