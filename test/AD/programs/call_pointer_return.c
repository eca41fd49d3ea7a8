// A noinline callee that returns a pointer into active memory: the caller
// reads and writes through it, so the callee's augmented forward must also
// return the shadow of that pointer.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

__attribute__((noinline)) static double *largest(double *x, int n) {
  double *best = x;
  for (int i = 1; i < n; ++i)
    if (x[i] > *best)
      best = x + i;
  return best;
}

static double f(double *x, int n) {
  double *top = largest(x, n);
  double peak = *top;
  *top = peak * peak;
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    sum += x[i] * (i + 1);
  return sum;
}

static double f_on_copy(const double *x, void *ctx) {
  (void)ctx;
  double copy[N];
  memcpy(copy, x, sizeof copy);
  return f(copy, N);
}

int main(void) {
  double x[N] = {0.3, 1.7, -0.4, 1.2, 0.9}, dx[N] = {0}, analytic[N];
  qgrad_opaque_array(x, N);
  double x0[N];
  memcpy(x0, x, sizeof x0);
  for (int i = 0; i < N; ++i)
    analytic[i] = i + 1;
  analytic[1] = 2.0 * x[1] * 2; /* x[1] is the largest */
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, (int)N);
#endif
  return qgrad_check_objective("call_pointer_return", f_on_copy, NULL, x0, N,
                               dx, analytic, qgrad_double_tolerances());
}
