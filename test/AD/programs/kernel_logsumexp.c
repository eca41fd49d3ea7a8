// A numerically stable log-sum-exp (max shift with fmax, exp, log), as in
// mixture-model objectives: the gradient is the softmax.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 6 };

static double f(const double *x, void *ctx) {
  long n = *(const long *)ctx;
  double m = x[0];
  for (long i = 1; i < n; ++i)
    m = fmax(m, x[i]);
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += exp(x[i] - m);
  return m + log(sum);
}

int main(void) {
  long n = qgrad_opaque_long(N);
  double x[N] = {0.3, 2.1, -1.4, 1.7, 0.9, -0.2}, dx[N] = {0}, analytic[N];
  qgrad_opaque_array(x, N);
  double total = 0.0;
  for (int i = 0; i < N; ++i)
    total += exp(x[i]);
  for (int i = 0; i < N; ++i)
    analytic[i] = exp(x[i]) / total;
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
#endif
  return qgrad_check_objective("kernel_logsumexp", f, &n, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
