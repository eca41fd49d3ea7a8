// A noinline callee reads an array nonlinearly; after the call the caller
// overwrites that array. The callee's reverse must use the values it read,
// not what memory holds when the reverse runs.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

__attribute__((noinline)) static double energy(const double *a, int n) {
  double e = 0.0;
  for (int i = 0; i < n; ++i)
    e += sin(a[i]) * a[(i + 1) % n];
  return e;
}

static double f(double *x, void *ctx) {
  (void)ctx;
  double first = energy(x, N);
  for (int i = 0; i < N; ++i)
    x[i] = x[i] * x[i] + 1.0;
  return first + energy(x, N);
}

int main(void) {
  double x[N] = {0.3, -0.8, 1.1, 0.6}, x0[N], dx[N] = {0}, analytic[N] = {0};
  qgrad_opaque_array(x, N);
  memcpy(x0, x, sizeof x0);
  double y[N];
  for (int i = 0; i < N; ++i)
    y[i] = x0[i] * x0[i] + 1.0;
  for (int i = 0; i < N; ++i) {
    int next = (i + 1) % N;
    analytic[i] += cos(x0[i]) * x0[next];
    analytic[next] += sin(x0[i]);
    analytic[i] += cos(y[i]) * y[next] * 2.0 * x0[i];
    analytic[next] += sin(y[i]) * 2.0 * x0[next];
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  QgradOnCopy on_copy = {f, NULL, N};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_ON_COPY("call_then_overwrite", f, NULL, x0, N, analytic, 1e-12);
#endif
  return qgrad_check_objective("call_then_overwrite", qgrad_call_on_copy,
                               &on_copy, x0, N, dx, analytic,
                               qgrad_double_tolerances());
}
