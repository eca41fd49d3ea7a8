// A local (stack) array inside the differentiated function: filled from the
// inputs, smoothed in place, then reduced.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3, M = 8 };

static double f(const double *x, void *ctx) {
  (void)ctx;
  double buffer[M];
  for (int i = 0; i < M; ++i)
    buffer[i] = x[i % N] * (i + 1);
  for (int i = 1; i < M; ++i)
    buffer[i] += 0.5 * buffer[i - 1];
  double sum = 0.0;
  for (int i = 0; i < M; ++i)
    sum += buffer[i] * buffer[i];
  return sum;
}

int main(void) {
  double x[N] = {0.6, -1.1, 0.25};
  qgrad_opaque_array(x, N);
  /* buffer[i] = sum_{k<=i} 0.5^(i-k) (k+1) x[k mod N]; it is linear in x. */
  double buffer[M], analytic[N] = {0};
  for (int i = 0; i < M; ++i) {
    buffer[i] = 0.0;
    for (int k = 0; k <= i; ++k)
      buffer[i] += pow(0.5, i - k) * (k + 1) * x[k % N];
    for (int k = 0; k <= i; ++k)
      analytic[k % N] += 2.0 * buffer[i] * pow(0.5, i - k) * (k + 1);
  }
  double dx[N] = {0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("array_local", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
