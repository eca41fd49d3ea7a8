// Three nested loops: sum_{i,j,k} sin(a_i b_j) c_k over one array holding
// a, b and c.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

static double f(const double *v, void *ctx) {
  (void)ctx;
  const double *a = v, *b = v + N, *c = v + 2 * N;
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < N; ++k)
        sum += sin(a[i] * b[j]) * c[k] * (1 + i + 2 * j + 3 * k);
  return sum;
}

int main(void) {
  double v[3 * N], dv[3 * N] = {0}, analytic[3 * N] = {0};
  for (int i = 0; i < 3 * N; ++i)
    v[i] = qgrad_opaque(0.3 + 0.17 * i - 0.05 * i * (i % 3));
  const double *a = v, *b = v + N, *c = v + 2 * N;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < N; ++k) {
        double w = 1 + i + 2 * j + 3 * k, d = cos(a[i] * b[j]) * c[k] * w;
        analytic[i] += d * b[j];
        analytic[N + j] += d * a[i];
        analytic[2 * N + k] += sin(a[i] * b[j]) * w;
      }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, v, dv, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("loop_nest3", f, NULL, v, 3 * N, dv, analytic,
                               qgrad_double_tolerances());
}
