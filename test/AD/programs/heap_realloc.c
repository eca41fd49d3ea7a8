// realloc inside the differentiated function: a buffer of active values that
// grows (2 -> 4 -> 8 -> 16) while it is filled, so its contents move.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4, COUNT = 11 };

static double f(const double *x, void *ctx) {
  (void)ctx;
  size_t capacity = 2, size = 0;
  double *values = malloc(capacity * sizeof *values);
  for (int i = 0; i < COUNT; ++i) {
    if (size == capacity) {
      capacity *= 2;
      values = realloc(values, capacity * sizeof *values);
    }
    values[size++] = x[i % N] * x[(i + 1) % N];
  }
  double sum = 0.0;
  for (size_t i = 0; i < size; ++i)
    sum += values[i] * (double)(i + 1);
  free(values);
  return sum;
}

int main(void) {
  double x[N] = {1.2, -0.4, 0.75, 0.5}, analytic[N] = {0}, dx[N] = {0};
  qgrad_opaque_array(x, N);
  for (int i = 0; i < COUNT; ++i) {
    analytic[i % N] += x[(i + 1) % N] * (i + 1);
    analytic[(i + 1) % N] += x[i % N] * (i + 1);
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("heap_realloc", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
