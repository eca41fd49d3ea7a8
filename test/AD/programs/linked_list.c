// A linked list built on the heap from active values, then traversed (each
// node combined with its successor), then freed.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 6 };

typedef struct Node {
  double value;
  struct Node *next;
} Node;

static double f(const double *x, void *ctx) {
  (void)ctx;
  Node *head = NULL;
  for (int i = 0; i < N; ++i) {
    Node *node = malloc(sizeof *node);
    node->value = sin(x[i]) + x[i];
    node->next = head;
    head = node;
  }
  double sum = 0.0;
  for (const Node *node = head; node->next; node = node->next)
    sum += node->value * node->next->value;
  while (head) {
    Node *next = head->next;
    free(head);
    head = next;
  }
  return sum;
}

int main(void) {
  double x[N] = {0.2, 1.1, -0.6, 0.9, -1.3, 0.45}, analytic[N], dx[N] = {0};
  qgrad_opaque_array(x, N);
  /* The list holds v_{N-1}, ..., v_0, so sum = sum_i v_i v_{i+1}. */
  for (int i = 0; i < N; ++i) {
    double neighbours = 0.0;
    if (i > 0)
      neighbours += sin(x[i - 1]) + x[i - 1];
    if (i + 1 < N)
      neighbours += sin(x[i + 1]) + x[i + 1];
    analytic[i] = (cos(x[i]) + 1.0) * neighbours;
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("linked_list", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
