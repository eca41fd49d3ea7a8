// Mutual recursion: two functions calling each other with active values.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double odd_step(double x, double acc, int n);

__attribute__((noinline)) static double even_step(double x, double acc, int n) {
  return n == 0 ? acc : odd_step(x, acc * x + 1.0, n - 1);
}

__attribute__((noinline)) static double odd_step(double x, double acc, int n) {
  return n == 0 ? acc : even_step(x, cos(acc) + x, n - 1);
}

static double f(double x) { return even_step(x, x, 7); }

int main(void) {
  double x = qgrad_opaque(0.6);
  double acc = x, dacc = 1.0;
  for (int step = 0; step < 7; ++step) {
    if (step % 2 == 0) {
      dacc = dacc * x + acc;
      acc = acc * x + 1.0;
    } else {
      dacc = -sin(acc) * dacc + 1.0;
      acc = cos(acc) + x;
    }
  }
  double ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("recursion_mutual", f, x, ad, dacc,
                           qgrad_double_tolerances());
}
