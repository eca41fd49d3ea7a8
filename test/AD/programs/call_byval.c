// A struct of four doubles passed by value to a noinline callee (the x86-64
// ABI passes it in memory, a byval pointer in LLVM IR).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  double a, b, c, d;
} Quad;

__attribute__((noinline)) static double quad_form(Quad q, double t) {
  return q.a * t * t * t + q.b * t * t + q.c * t + q.d * q.a;
}

static double f(const double *x, void *ctx) {
  (void)ctx;
  Quad q = {x[0], x[1], x[2], x[3]};
  return quad_form(q, x[4]) * x[1];
}

int main(void) {
  double x[5] = {0.7, -0.5, 1.2, 0.4, 1.3}, dx[5] = {0};
  qgrad_opaque_array(x, 5);
  double t = x[4];
  double p = x[0] * t * t * t + x[1] * t * t + x[2] * t + x[3] * x[0];
  double analytic[5] = {(t * t * t + x[3]) * x[1], t * t * x[1] + p, t * x[1],
                        x[0] * x[1],
                        (3.0 * x[0] * t * t + 2.0 * x[1] * t + x[2]) * x[1]};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("call_byval", f, NULL, x, 5, dx, analytic,
                               qgrad_double_tolerances());
}
