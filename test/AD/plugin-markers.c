// The marker globals are only declared, never defined: at every optimisation
// level the engine removes each use, so the program links and runs, and the
// result is adapted to a struct return type.
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck --check-prefix=IR %s
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck --check-prefix=IR %s
// RUN: %clang -O0 -I%qgrad_include -fpass-plugin=%plugin %s -o %t0 -lm && %t0 | FileCheck %s
// RUN: %clang -O2 -I%qgrad_include -fpass-plugin=%plugin %s -o %t2 -lm && %t2 | FileCheck %s
#include <math.h>
#include <qgrad/AD/enzyme.h>
#include <stdio.h>

typedef struct {
  double dx, dy;
} Grad2;
Grad2 __enzyme_autodiff_two(void *, ...);

// sum_{i<n} x^i y, by recursion.
static double power_sum(double x, double y, int n) {
  return n == 0 ? 0.0 : y * pow(x, n - 1) + power_sum(x, y, n - 1);
}

static double weighted(double *w, double x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w[i] * sin(x * i);
  return s;
}

int main(void) {
  volatile double vx = 0.5, vy = 2.0;
  double x = vx, y = vy;
  Grad2 g = __enzyme_autodiff_two((void *)power_sum, enzyme_out, x,
                                  enzyme_out, y, enzyme_const, 4);
  // d/dx = y (1 + 2x + 3x^2) = 2 * 2.75; d/dy = 1 + x + x^2 + x^3 = 1.875
  printf("%.12g %.12g\n", g.dx, g.dy);
  double w[3] = {1, 2, 3}, dw[3] = {0, 0, 0};
  double dx = __enzyme_autodiff((void *)weighted, enzyme_dup, w, dw,
                                enzyme_out, x, enzyme_const, 3);
  // d/dx = 2 cos(0.5) + 6 cos(1); d/dw = sin(0), sin(0.5), sin(1)
  printf("%.12g %.12g %.12g %.12g\n", dx, dw[0], dw[1], dw[2]);
  return 0;
}

// IR-NOT: @enzyme_out
// IR-NOT: @enzyme_dup
// IR-NOT: @enzyme_const
// IR-NOT: @__enzyme_autodiff
// CHECK: 5.5 1.875
// CHECK-NEXT: 4.99697895899 0 0.479425538604 0.841470984808
