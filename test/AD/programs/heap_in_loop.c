// malloc and free in every iteration of a loop inside the differentiated
// function, each block holding active values used in that iteration only.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3, ROUNDS = 5 };

static double f(const double *x, void *ctx) {
  (void)ctx;
  double total = 0.0;
  for (int r = 1; r <= ROUNDS; ++r) {
    double *block = malloc(N * sizeof *block);
    for (int i = 0; i < N; ++i)
      block[i] = x[i] * r + total * 0.1;
    for (int i = 0; i < N; ++i)
      total += block[i] * block[i] * 0.05;
    free(block);
  }
  return total;
}

int main(void) {
  double x[N] = {0.4, -0.7, 1.0}, dx[N] = {0}, analytic[N] = {0};
  qgrad_opaque_array(x, N);
  /* Forward mode by hand, one direction per input. */
  for (int dir = 0; dir < N; ++dir) {
    double total = 0.0, dtotal = 0.0;
    for (int r = 1; r <= ROUNDS; ++r) {
      double block[N], dblock[N];
      for (int i = 0; i < N; ++i) {
        block[i] = x[i] * r + total * 0.1;
        dblock[i] = (i == dir ? r : 0.0) + dtotal * 0.1;
      }
      for (int i = 0; i < N; ++i) {
        dtotal += 2.0 * block[i] * dblock[i] * 0.05;
        total += block[i] * block[i] * 0.05;
      }
    }
    analytic[dir] = dtotal;
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("heap_in_loop", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
