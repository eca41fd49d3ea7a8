// malloc and free inside the differentiated function: a heap temporary that
// receives active values, is read back, and is freed before the return.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

static double f(const double *x, void *ctx) {
  (void)ctx;
  double *squares = malloc(N * sizeof *squares);
  for (int i = 0; i < N; ++i)
    squares[i] = x[i] * x[i];
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    sum += squares[i] * squares[(i + 1) % N];
  free(squares);
  return sum;
}

int main(void) {
  double x[N] = {0.8, -0.5, 1.3, 0.2, -1.1}, analytic[N], dx[N] = {0};
  qgrad_opaque_array(x, N);
  for (int i = 0; i < N; ++i) {
    double next = x[(i + 1) % N], previous = x[(i + N - 1) % N];
    analytic[i] = 2.0 * x[i] * (next * next + previous * previous);
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("heap_malloc", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
