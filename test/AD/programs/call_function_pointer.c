// Calls through function pointers read from a constant table: at -O0 they
// stay indirect calls (optimization makes them direct), so the engine must
// resolve them to the known callees.
// RUN: %{ad_build} && %{ad_run}
// The engine turns a call through a constant table into direct calls of the
// table's functions (it used to stop at -O0 with "an indirect call with
// active arguments cannot be differentiated").
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef double (*Stage)(double);

static double square(double v) { return v * v; }
static double shifted_sine(double v) { return sin(v) + 0.5; }

static Stage const stages[3] = {square, shifted_sine, square};

static double f(double x) {
  double v = x;
  for (int i = 0; i < 3; ++i)
    v = stages[i](v);
  return v;
}

int main(void) {
  double x = qgrad_opaque(0.8), ad = 0;
  double s1 = x * x, s2 = sin(s1) + 0.5;
  double analytic = 2.0 * s2 * cos(s1) * 2.0 * x;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("call_function_pointer", f, x, ad, analytic,
                           qgrad_double_tolerances());
}
