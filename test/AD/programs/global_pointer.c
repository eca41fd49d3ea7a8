// A pointer to active data kept in a file-scope pointer variable and read
// back through it (callback-style code keeps its context like this). The
// engine must follow it or refuse with an error; a silent zero is the
// failure.
// RUN: %{ad_build} && %{ad_run}
// The global gets a shadow global (lib/AD/GlobalShadows.cpp). Before it
// did, the engine refused with a located error.
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3 };

static const double *current;

__attribute__((noinline)) static void select_data(const double *x) {
  current = x;
}

static double f(const double *x, void *ctx) {
  (void)ctx;
  select_data(x);
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    sum += current[i] * current[i] * (i + 1);
  return sum;
}

int main(void) {
  double x[N] = {0.5, -1.5, 2.0}, dx[N] = {0}, analytic[N];
  qgrad_opaque_array(x, N);
  for (int i = 0; i < N; ++i)
    analytic[i] = 2.0 * x[i] * (i + 1);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("global_pointer", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
