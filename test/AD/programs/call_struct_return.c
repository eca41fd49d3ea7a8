// noinline callees that return structs of doubles: a pair (returned in two
// registers, an LLVM aggregate of extractvalue/insertvalue) and a triple
// (returned through a hidden sret pointer).
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  double re, im;
} Complex;

typedef struct {
  double x, y, z;
} Vec3;

__attribute__((noinline)) static Complex complex_mul(Complex a, Complex b) {
  Complex c = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  return c;
}

__attribute__((noinline)) static Vec3 cross(const double *u, const double *v) {
  Vec3 w = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0]};
  return w;
}

/* x = {a.re, a.im, b.re, b.im, u0, u1, u2} with v = (1, 2, 3) */
static double f(const double *x, void *ctx) {
  (void)ctx;
  Complex a = {x[0], x[1]}, b = {x[2], x[3]};
  Complex c = complex_mul(a, b);
  static const double v[3] = {1.0, 2.0, 3.0};
  Vec3 w = cross(x + 4, v);
  return c.re * c.re + c.im + w.x * w.z + w.y;
}

int main(void) {
  double x[7] = {0.5, -1.2, 0.8, 0.3, 1.1, -0.4, 0.7}, dx[7] = {0};
  qgrad_opaque_array(x, 7);
  double re = x[0] * x[2] - x[1] * x[3];
  /* d(re^2 + im) with im = a.re b.im + a.im b.re */
  double analytic[7] = {2.0 * re * x[2] + x[3], -2.0 * re * x[3] + x[2],
                        2.0 * re * x[0] + x[1], -2.0 * re * x[1] + x[0]};
  /* w = (3 u1 - 2 u2, u2 - 3 u0, 2 u0 - u1); d(w.x w.z + w.y) */
  double wx = 3.0 * x[5] - 2.0 * x[6], wz = 2.0 * x[4] - x[5];
  analytic[4] = 2.0 * wx - 3.0;
  analytic[5] = 3.0 * wz - wx;
  analytic[6] = -2.0 * wz + 1.0;
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return qgrad_check_objective("call_struct_return", f, NULL, x, 7, dx,
                               analytic, qgrad_double_tolerances());
}
