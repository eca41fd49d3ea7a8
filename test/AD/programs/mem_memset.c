// memset of run-time lengths: zeroing a heap accumulator before use, and
// overwriting part of a buffer of active values (which then contributes no
// derivative).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 6 };

static double f(const double *x, void *ctx) {
  size_t n = *(const size_t *)ctx;
  double *accumulator = malloc(2 * sizeof *accumulator);
  double *scratch = malloc(n * sizeof *scratch);
  memset(accumulator, 0, 2 * sizeof *accumulator);
  for (size_t i = 0; i < n; ++i) {
    scratch[i] = exp(x[i]);
    accumulator[i % 2] += x[i];
  }
  memset(scratch + 2, 0, (n / 3) * sizeof *scratch);
  double sum = accumulator[0] * accumulator[1];
  for (size_t i = 0; i < n; ++i)
    sum += scratch[i];
  free(accumulator);
  free(scratch);
  return sum;
}

int main(void) {
  double x[N] = {0.1, 0.6, -0.4, 0.8, -0.9, 0.3}, analytic[N], dx[N] = {0};
  size_t n = (size_t)qgrad_opaque_long(N);
  qgrad_opaque_array(x, N);
  double even = x[0] + x[2] + x[4], odd = x[1] + x[3] + x[5];
  /* The memset clears scratch[2] and scratch[3]. */
  for (int i = 0; i < N; ++i)
    analytic[i] = (i % 2 ? even : odd) + (i == 2 || i == 3 ? 0.0 : exp(x[i]));
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
#endif
  return qgrad_check_objective("mem_memset", f, &n, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
