// memmove of a run-time length between overlapping ranges of one heap buffer
// of active values: a shift right by one, then a shift left by two.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 6 };

static double f(const double *x, void *ctx) {
  size_t n = *(const size_t *)ctx;
  double *buffer = malloc((n + 2) * sizeof *buffer);
  for (size_t i = 0; i < n; ++i)
    buffer[i] = x[i] * x[i];
  buffer[n] = buffer[n + 1] = 0.0;
  memmove(buffer + 1, buffer, n * sizeof *buffer);
  buffer[0] = x[0];
  memmove(buffer, buffer + 2, n * sizeof *buffer);
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i)
    sum += buffer[i] * (double)(i + 1);
  free(buffer);
  return sum;
}

int main(void) {
  double x[N] = {0.5, -0.8, 1.4, 0.3, -1.1, 0.9}, analytic[N], dx[N] = {0};
  size_t n = (size_t)qgrad_opaque_long(N);
  qgrad_opaque_array(x, N);
  /* After both moves, buffer[i] = x[i+1]^2 for i < N-1 and buffer[N-1] = 0. */
  analytic[0] = 0.0;
  for (int i = 1; i < N; ++i)
    analytic[i] = 2.0 * x[i] * i;
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
#endif
  return qgrad_check_objective("mem_memmove", f, &n, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
