// Doubles moved through integer loads and stores (a uint64_t swap, as
// generic sorting or byte-copying code does): type analysis must see that
// the integers carry active doubles.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>
#include <stdint.h>

enum { N = 4 };

__attribute__((noinline)) static void swap_bits(void *a, void *b) {
  uint64_t ta, tb;
  memcpy(&ta, a, sizeof ta);
  memcpy(&tb, b, sizeof tb);
  memcpy(a, &tb, sizeof tb);
  memcpy(b, &ta, sizeof ta);
}

static double f(double *x, void *ctx) {
  (void)ctx;
  swap_bits(&x[0], &x[3]);
  swap_bits(&x[1], &x[2]);
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    sum += x[i] * x[i] * (i + 1);
  return sum;
}

int main(void) {
  double x[N] = {0.8, -0.5, 1.1, 0.35}, dx[N] = {0}, x0[N], analytic[N];
  qgrad_opaque_array(x, N);
  memcpy(x0, x, sizeof x0);
  /* After the swaps position i holds x[N-1-i], weighted by i + 1. */
  for (int i = 0; i < N; ++i)
    analytic[N - 1 - i] = 2.0 * x[N - 1 - i] * (i + 1);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  QgradOnCopy on_copy = {f, NULL, N};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_ON_COPY("int_punned_copy", f, NULL, x0, N, analytic, 1e-12);
#endif
  return qgrad_check_objective("int_punned_copy", qgrad_call_on_copy, &on_copy,
                               x0, N, dx, analytic, qgrad_double_tolerances());
}
