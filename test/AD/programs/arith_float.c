// Float arithmetic: fadd, fsub, fmul, fdiv on float values, differentiated
// through a float-typed prototype (no promotion to double).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

float __enzyme_autodiff_float(void *, float);

static float f(float x) { return (x * x - 2.0f * x) / (x + 3.0f) + 0.5f * x; }

static double f_widened(double x) { return f((float)x); }

int main(void) {
  float x = (float)qgrad_opaque(1.25);
  double xd = x;
  double analytic = ((2.0 * xd - 2.0) * (xd + 3.0) - (xd * xd - 2.0 * xd)) /
                        ((xd + 3.0) * (xd + 3.0)) +
                    0.5;
  double ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_float((void *)f, x);
#endif
  return qgrad_check_unary("arith_float", f_widened, xd, ad, analytic,
                           qgrad_float_tolerances());
}
