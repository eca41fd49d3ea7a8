// Ten active double arguments, more than the eight SSE argument registers of
// the x86-64 ABI, so some travel on the stack; the ten derivatives come back
// as a struct of ten doubles.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  double d[10];
} Gradient10;

Gradient10 __enzyme_autodiff_ten(void *, ...);

static double f(double a0, double a1, double a2, double a3, double a4,
                double a5, double a6, double a7, double a8, double a9) {
  return a0 * a9 + a1 * a8 + a2 * a7 + a3 * a6 + a4 * a5 + sin(a0 + a9) * a4;
}

static double f_of(const double *a, void *ctx) {
  (void)ctx;
  return f(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
}

int main(void) {
  double a[10], analytic[10], ad[10] = {0};
  for (int i = 0; i < 10; ++i)
    a[i] = qgrad_opaque(0.1 * i - 0.35 + 0.02 * i * i);
  for (int i = 0; i < 10; ++i)
    analytic[i] = a[9 - i];
  double c = cos(a[0] + a[9]);
  analytic[0] += c * a[4];
  analytic[9] += c * a[4];
  analytic[4] += sin(a[0] + a[9]);
#ifndef QGRAD_NO_AD
  Gradient10 g = __enzyme_autodiff_ten((void *)f, a[0], a[1], a[2], a[3], a[4],
                                       a[5], a[6], a[7], a[8], a[9]);
  memcpy(ad, g.d, sizeof ad);
#endif
  return qgrad_check_objective("many_arguments", f_of, NULL, a, 10, ad,
                               analytic, qgrad_double_tolerances());
}
