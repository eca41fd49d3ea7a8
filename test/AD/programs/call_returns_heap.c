// A noinline callee that allocates a heap array, fills it with active
// values and returns it; the caller reads it and frees it. The callee's
// augmented forward must return the shadow allocation with the pointer.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

__attribute__((noinline)) static double *squares_of(const double *x, int n) {
  double *out = malloc(n * sizeof *out);
  for (int i = 0; i < n; ++i)
    out[i] = x[i] * x[i];
  return out;
}

static double f(const double *x, void *ctx) {
  (void)ctx;
  double *s = squares_of(x, N);
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    sum += sin(s[i]) * (i + 1);
  free(s);
  return sum;
}

int main(void) {
  double x[N] = {0.6, -1.1, 0.3, 1.4, -0.2}, dx[N] = {0}, analytic[N];
  qgrad_opaque_array(x, N);
  for (int i = 0; i < N; ++i)
    analytic[i] = cos(x[i] * x[i]) * 2.0 * x[i] * (i + 1);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("call_returns_heap", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
