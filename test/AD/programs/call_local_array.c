// A noinline callee with a local array that holds active values its reverse
// needs, called several times in a loop: the split callee must keep that
// memory alive between its augmented forward and its reverse.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

__attribute__((noinline)) static double smooth(const double *x, double t) {
  double local[N];
  for (int i = 0; i < N; ++i)
    local[i] = x[i] * t + 0.1 * i;
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    sum += sin(local[i]) * local[(i + 1) % N];
  return sum;
}

static double f(const double *x, void *ctx) {
  (void)ctx;
  double total = 0.0;
  for (int k = 1; k <= 3; ++k)
    total += smooth(x, 0.5 * k);
  return total;
}

int main(void) {
  double x[N] = {0.4, -0.9, 1.2, 0.7}, dx[N] = {0}, analytic[N] = {0};
  qgrad_opaque_array(x, N);
  for (int k = 1; k <= 3; ++k) {
    double t = 0.5 * k, local[N];
    for (int i = 0; i < N; ++i)
      local[i] = x[i] * t + 0.1 * i;
    for (int i = 0; i < N; ++i) {
      int next = (i + 1) % N;
      analytic[i] += cos(local[i]) * local[next] * t;
      analytic[next] += sin(local[i]) * t;
    }
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("call_local_array", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
