// Nested loops whose inner trip count depends on the outer index and on a
// run-time size (a triangular solve by forward substitution, L y = b with
// unit lower-triangular L built from the inputs).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

/* v = {b[0..N), l} with L[i][j] = l^(i-j) for j < i. Returns sum y_i^2. */
static double f(const double *v, void *ctx) {
  long n = *(const long *)ctx;
  const double *b = v, l = v[n];
  double y[N];
  for (long i = 0; i < n; ++i) {
    double s = b[i];
    for (long j = 0; j < i; ++j)
      s -= pow(l, (double)(i - j)) * y[j];
    y[i] = s;
  }
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += y[i] * y[i];
  return sum;
}

int main(void) {
  long n = qgrad_opaque_long(N);
  double v[N + 1] = {0.9, -0.3, 0.5, 1.2, 0.4}, dv[N + 1] = {0};
  double analytic[N + 1] = {0};
  qgrad_opaque_array(v, N + 1);
  /* Forward mode by hand, one direction per input. */
  for (int dir = 0; dir <= N; ++dir) {
    double y[N], dy[N], l = v[N], dl = dir == N ? 1.0 : 0.0;
    for (int i = 0; i < N; ++i) {
      double s = v[i], ds = dir == i ? 1.0 : 0.0;
      for (int j = 0; j < i; ++j) {
        double p = pow(l, i - j), dp = (i - j) * pow(l, i - j - 1) * dl;
        s -= p * y[j];
        ds -= dp * y[j] + p * dy[j];
      }
      y[i] = s;
      dy[i] = ds;
      analytic[dir] += 2.0 * y[i] * dy[i];
    }
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, v, dv, enzyme_const, &n);
#endif
  return qgrad_check_objective("loop_triangular", f, &n, v, N + 1, dv, analytic,
                               qgrad_double_tolerances());
}
