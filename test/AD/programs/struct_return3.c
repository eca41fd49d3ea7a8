// Three active scalars: the prototype returns a struct of three doubles,
// which the x86-64 ABI returns through memory (sret), not in registers.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  double dx, dy, dz;
} Gradient3;

Gradient3 __enzyme_autodiff_triple(void *, ...);

static double f(double x, double y, double z) {
  return x * y * z + sin(x) * z * z - y / z;
}

static double f_of(const double *v, void *ctx) {
  (void)ctx;
  return f(v[0], v[1], v[2]);
}

int main(void) {
  double v[3] = {0.8, -1.4, 2.1};
  qgrad_opaque_array(v, 3);
  double x = v[0], y = v[1], z = v[2];
  double analytic[3] = {y * z + cos(x) * z * z, x * z - 1.0 / z,
                        x * y + 2.0 * sin(x) * z + y / (z * z)};
  double ad[3] = {0};
#ifndef QGRAD_NO_AD
  Gradient3 g = __enzyme_autodiff_triple((void *)f, x, y, z);
  ad[0] = g.dx;
  ad[1] = g.dy;
  ad[2] = g.dz;
#endif
  return qgrad_check_objective("struct_return3", f_of, NULL, v, 3, ad, analytic,
                               qgrad_double_tolerances());
}
