// memmove inside one array of structs that mix doubles and pointers to
// active data, shifting records by one in both directions (overlapping
// copies): the pointer shadows must move with the pointers and the double
// adjoints must come back to the records they were copied from.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

typedef struct {
  double weight;
  const double *value;
} Item;

static double f(const double *x, void *ctx) {
  size_t n = *(const size_t *)ctx;
  Item *items = malloc((n + 1) * sizeof *items);
  for (size_t i = 0; i < n; ++i) {
    items[i].weight = x[i] * x[i];
    items[i].value = &x[n - 1 - i];
  }
  // Shift up by one (dst > src), then back down (dst < src).
  memmove(items + 1, items, n * sizeof *items);
  items[0].weight = 1.0;
  items[0].value = &x[0];
  memmove(items, items + 1, n * sizeof *items);
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i)
    sum += items[i].weight * *items[i].value;
  free(items);
  return sum;
}

int main(void) {
  size_t n = (size_t)qgrad_opaque_long(N);
  double x[N] = {0.8, -1.3, 0.6, 2.1}, dx[N] = {0}, analytic[N] = {0};
  qgrad_opaque_array(x, N);
  // sum_i x_i^2 x_{n-1-i}
  for (int i = 0; i < N; ++i) {
    int j = N - 1 - i;
    analytic[i] += 2.0 * x[i] * x[j];
    analytic[j] += x[i] * x[i];
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
#endif
  return qgrad_check_objective("memmove_mixed_struct", f, &n, x, N, dx,
                               analytic, qgrad_double_tolerances());
}
