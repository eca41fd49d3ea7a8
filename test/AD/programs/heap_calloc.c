// calloc inside the differentiated function: zeroed bins that accumulate
// active values with +=, then a nonlinear reduction.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 7, BINS = 3 };

static double f(const double *x, void *ctx) {
  (void)ctx;
  double *bins = calloc(BINS, sizeof *bins);
  for (int i = 0; i < N; ++i)
    bins[i % BINS] += x[i] * (1.0 + 0.1 * i);
  double sum = 0.0;
  for (int b = 0; b < BINS; ++b)
    sum += bins[b] * bins[b] * bins[b];
  free(bins);
  return sum;
}

int main(void) {
  double x[N] = {0.3, -0.9, 0.5, 1.1, -0.2, 0.7, 0.4}, analytic[N];
  double dx[N] = {0}, bins[BINS] = {0};
  qgrad_opaque_array(x, N);
  for (int i = 0; i < N; ++i)
    bins[i % BINS] += x[i] * (1.0 + 0.1 * i);
  for (int i = 0; i < N; ++i)
    analytic[i] = 3.0 * bins[i % BINS] * bins[i % BINS] * (1.0 + 0.1 * i);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("heap_calloc", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
