// Gather and scatter through an integer index array (constant memory): the
// adjoints must follow the indices, including repeated ones.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4, M = 6 };

static const int gather_from[M] = {2, 0, 3, 2, 1, 2};
static const int scatter_to[M] = {1, 1, 0, 2, 0, 1};

static double f(const double *x, void *ctx) {
  (void)ctx;
  double bins[3] = {0.0, 0.0, 0.0};
  for (int i = 0; i < M; ++i)
    bins[scatter_to[i]] += x[gather_from[i]] * (i + 1);
  return bins[0] * bins[1] + bins[2] * bins[2];
}

int main(void) {
  double x[N] = {0.4, -0.9, 1.3, 0.6}, dx[N] = {0}, analytic[N] = {0};
  double bins[3] = {0.0, 0.0, 0.0};
  qgrad_opaque_array(x, N);
  for (int i = 0; i < M; ++i)
    bins[scatter_to[i]] += x[gather_from[i]] * (i + 1);
  double dbins[3] = {bins[1], bins[0], 2.0 * bins[2]};
  for (int i = 0; i < M; ++i)
    analytic[gather_from[i]] += dbins[scatter_to[i]] * (i + 1);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("indirect_indexing", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
