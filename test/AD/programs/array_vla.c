// A variable-length array (a dynamic alloca) inside the differentiated
// function, sized by a run-time argument.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

static double f(const double *x, void *ctx) {
  long n = *(const long *)ctx;
  double prefix[n];
  prefix[0] = x[0];
  for (long i = 1; i < n; ++i)
    prefix[i] = prefix[i - 1] + x[i] * x[i];
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += sqrt(prefix[i] * prefix[i] + 1.0);
  return sum;
}

int main(void) {
  long n = qgrad_opaque_long(N);
  double x[N] = {0.9, -0.4, 1.2, 0.3, -0.8}, dx[N] = {0}, analytic[N] = {0};
  qgrad_opaque_array(x, N);
  double prefix[N], dprefix[N];
  prefix[0] = x[0];
  for (int i = 1; i < N; ++i)
    prefix[i] = prefix[i - 1] + x[i] * x[i];
  /* d sum / d prefix[i] accumulated from the back: it reaches every later
   * prefix entry. */
  double tail = 0.0;
  for (int i = N - 1; i >= 0; --i) {
    tail += prefix[i] / sqrt(prefix[i] * prefix[i] + 1.0);
    dprefix[i] = tail;
  }
  analytic[0] = dprefix[0];
  for (int i = 1; i < N; ++i)
    analytic[i] = dprefix[i] * 2.0 * x[i];
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
#endif
  return qgrad_check_objective("array_vla", f, &n, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
