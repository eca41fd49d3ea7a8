// memcpy of active doubles: of a run-time length into a heap copy that is
// then modified (so optimization cannot turn it into scalar moves), and of a
// struct of doubles; the adjoints must move back to the source.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

typedef struct {
  double a, b;
} Twin;

static double f(const double *x, void *ctx) {
  size_t n = *(const size_t *)ctx;
  double *copy = malloc(n * sizeof *copy);
  memcpy(copy, x, n * sizeof *copy);
  for (size_t i = 0; i < n; ++i)
    copy[i] = copy[i] * copy[i] + x[i];
  Twin source = {copy[0], x[n - 1]}, target;
  memcpy(&target, &source, sizeof target);
  double sum = target.a * target.b;
  for (size_t i = 1; i < n; ++i)
    sum += copy[i] * (double)i;
  free(copy);
  return sum;
}

int main(void) {
  double x[N] = {0.7, -1.2, 0.4, 1.6, -0.3}, analytic[N], dx[N] = {0};
  size_t n = (size_t)qgrad_opaque_long(N);
  qgrad_opaque_array(x, N);
  double c0 = x[0] * x[0] + x[0];
  analytic[0] = (2.0 * x[0] + 1.0) * x[N - 1];
  for (int i = 1; i < N; ++i)
    analytic[i] = (2.0 * x[i] + 1.0) * i;
  analytic[N - 1] += c0;
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
#endif
  return qgrad_check_objective("mem_memcpy", f, &n, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
