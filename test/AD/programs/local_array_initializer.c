// A local array initialized with constants (at -O0 a memcpy from a constant
// global) and passed to a noinline function that reads it: nothing in the
// differentiated function says what the copied bytes are, but a constant
// source needs no type, its adjoint is only discarded. Found by the random
// programs (seed 928), where the copy was refused at -O0.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

__attribute__((noinline)) static double weigh(const double *w, double x) {
  return w[0] * sin(x) + w[1] * x * x;
}

static double f(double x) {
  double w[2] = {-1.194, 1.978};
  return weigh(w, x);
}

int main(void) {
  double x = qgrad_opaque(0.8), ad = 0;
  double analytic = -1.194 * cos(x) + 2.0 * 1.978 * x;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("local_array_initializer", f, x, ad, analytic,
                           qgrad_double_tolerances());
}
