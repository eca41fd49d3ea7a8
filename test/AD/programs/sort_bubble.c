// Bubble sort of active values in place (data-dependent compares and swaps),
// then a position-weighted sum: the gradient is the weight of the position
// each input ends up in.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 6 };

static double f(double *x, void *ctx) {
  (void)ctx;
  for (int pass = 0; pass < N - 1; ++pass)
    for (int i = 0; i + 1 < N - pass; ++i)
      if (x[i] > x[i + 1]) {
        double t = x[i];
        x[i] = x[i + 1];
        x[i + 1] = t;
      }
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    sum += x[i] * x[i] * (i + 1);
  return sum;
}

int main(void) {
  double x[N] = {0.7, -1.2, 2.4, 0.1, -0.5, 1.6}, x0[N], dx[N] = {0};
  double analytic[N];
  qgrad_opaque_array(x, N);
  memcpy(x0, x, sizeof x0);
  for (int i = 0; i < N; ++i) {
    int rank = 0;
    for (int j = 0; j < N; ++j)
      rank += x0[j] < x0[i];
    analytic[i] = 2.0 * x0[i] * (rank + 1);
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  QgradOnCopy on_copy = {f, NULL, N};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_ON_COPY("sort_bubble", f, NULL, x0, N, analytic, 1e-12);
#endif
  return qgrad_check_objective("sort_bubble", qgrad_call_on_copy, &on_copy, x0,
                               N, dx, analytic, qgrad_double_tolerances());
}
