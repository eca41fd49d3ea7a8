// Addresses computed through integers (ptrtoint, arithmetic, inttoptr), as
// allocators and aligned-buffer code do: the shadow address must follow.
// RUN: %{ad_build} && %{ad_run}
// Engine gap: a pointer rebuilt with inttoptr from an integer derived from
// an active pointer gets no shadow. Until 9e5765e the gradient came back
// silently as zero; since 76782c8 the engine refuses with "a pointer to
// active memory is converted to an integer that becomes a pointer again".
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>
#include <stdint.h>

enum { N = 6 };

static double f(const double *x, void *ctx) {
  (void)ctx;
  double sum = 0.0;
  uintptr_t base = (uintptr_t)x;
  for (int i = 0; i < N; i += 2) {
    const double *even = (const double *)(base + i * sizeof(double));
    const double *odd = (const double *)((uintptr_t)even + sizeof(double));
    sum += *even * exp(*odd);
  }
  return sum;
}

int main(void) {
  double x[N] = {0.4, -0.3, 1.1, 0.2, -0.8, 0.6}, dx[N] = {0}, analytic[N];
  qgrad_opaque_array(x, N);
  for (int i = 0; i < N; i += 2) {
    analytic[i] = exp(x[i + 1]);
    analytic[i + 1] = x[i] * exp(x[i + 1]);
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("pointer_int_cast", f, NULL, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
