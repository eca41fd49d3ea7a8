// A function registered inactive with __enzyme_inactivefn: its result is
// treated as a constant although it is computed from an active value. It is
// piecewise constant (a step size picked from x), so finite differences
// agree; its body makes an indirect call the engine could not differentiate.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double (*volatile hidden_floor)(double) = floor;

__attribute__((noinline)) double step_size(double x) {
  return 0.5 + hidden_floor(x * 2.0) * 0.25;
}

__attribute__((used)) void *__enzyme_inactivefn[1] = {(void *)step_size};

static double f(double x) { return x * x * step_size(x); }

int main(void) {
  double x = qgrad_opaque(1.3);
  double analytic = 2.0 * x * step_size(x), ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("inactive_fn", f, x, ad, analytic,
                           qgrad_double_tolerances());
}
