// A linked list whose nodes hold pointers to active data, built on the heap
// and folded by a recursive noinline function (pointer chasing through
// recursion), then freed.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

typedef struct Cell {
  const double *value;
  double weight;
  struct Cell *next;
} Cell;

__attribute__((noinline)) static double fold(const Cell *cell) {
  if (!cell)
    return 1.0;
  return *cell->value * cell->weight + 0.5 * fold(cell->next) * *cell->value;
}

static double f(const double *x, void *ctx) {
  (void)ctx;
  Cell *head = NULL;
  for (int i = N - 1; i >= 0; --i) {
    Cell *cell = malloc(sizeof *cell);
    cell->value = &x[i];
    cell->weight = x[i] + 1.0;
    cell->next = head;
    head = cell;
  }
  double result = fold(head);
  while (head) {
    Cell *next = head->next;
    free(head);
    head = next;
  }
  return result;
}

int main(void) {
  double x[N] = {0.7, -0.4, 1.1, 0.3, -0.9}, dx[N] = {0}, analytic[N] = {0};
  qgrad_opaque_array(x, N);
  /* r_N = 1, r_i = x_i (x_i + 1) + 0.5 r_{i+1} x_i; forward mode by hand. */
  for (int dir = 0; dir < N; ++dir) {
    double r = 1.0, dr = 0.0;
    for (int i = N - 1; i >= 0; --i) {
      double dxi = i == dir ? 1.0 : 0.0;
      dr = dxi * (2.0 * x[i] + 1.0) + 0.5 * (dr * x[i] + r * dxi);
      r = x[i] * (x[i] + 1.0) + 0.5 * r * x[i];
    }
    analytic[dir] = dr;
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("linked_list_recursive", f, NULL, x, N, dx,
                               analytic, qgrad_double_tolerances());
}
