// Two active float scalars with a float-typed prototype returning a struct of
// two floats, which the x86-64 ABI packs into one <2 x float> register.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  float dx, dy;
} FloatPair;

FloatPair __enzyme_autodiff_floats(void *, float, float);

static float f(float x, float y) { return x * y * y + expf(x) * 0.5f; }

static double f_widened(double x, double y) { return f((float)x, (float)y); }

int main(void) {
  float x = (float)qgrad_opaque(0.7), y = (float)qgrad_opaque(-1.3);
  QgradPair analytic = {(double)y * y + 0.5 * exp(x), 2.0 * x * y};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  FloatPair g = __enzyme_autodiff_floats((void *)f, x, y);
  ad.dx = g.dx;
  ad.dy = g.dy;
#endif
  return qgrad_check_binary("float_pair_return", f_widened, x, y, ad, analytic,
                            qgrad_float_tolerances());
}
