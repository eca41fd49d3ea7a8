// float scalars through a variadic prototype: C promotes each float argument
// to double, and the function's float parameters must still be matched and
// their derivatives returned as a struct of doubles.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static float f(float x, float y) { return x * x * y + sinf(y); }

static double f_widened(double x, double y) { return f((float)x, (float)y); }

int main(void) {
  float x = (float)qgrad_opaque(1.1), y = (float)qgrad_opaque(-0.4);
  QgradPair analytic = {2.0 * x * y, (double)x * x + cos(y)}, ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("float_scalars", f_widened, x, y, ad, analytic,
                            qgrad_float_tolerances());
}
