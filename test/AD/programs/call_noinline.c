// Calls of noinline functions with active arguments: one returning an active
// double, one writing its active result through a pointer.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

__attribute__((noinline)) static double squash(double a, double b) {
  return a * tanh(b);
}

__attribute__((noinline)) static void write_product(double a, double b,
                                                    double *out) {
  *out = a * b * b;
}

static double f(double x, double y) {
  double product;
  write_product(x, y, &product);
  return squash(product, x) + product;
}

int main(void) {
  double x = qgrad_opaque(0.8), y = qgrad_opaque(-1.3);
  double p = x * y * y, t = tanh(x), dp_dx = y * y, dp_dy = 2.0 * x * y;
  QgradPair analytic = {(t + 1.0) * dp_dx + p * (1.0 - t * t),
                        (t + 1.0) * dp_dy};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("call_noinline", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
