// __enzyme_function_like: a user function declared to behave like libm sin
// (so the engine applies sin's rule to it), and a release function declared
// to behave like free.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double (*volatile hidden_sin)(double) = sin;

__attribute__((noinline)) double my_sine(double x) { return hidden_sin(x); }

__attribute__((noinline)) void release(void *p) { free(p); }

__attribute__((used)) void *__enzyme_function_like[2] = {(void *)my_sine,
                                                         (void *)"sin"};
__attribute__((used)) void *__enzyme_function_like_release[2] = {
    (void *)release, (void *)"free"};

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) {
  double *scratch = malloc(2 * sizeof *scratch);
  scratch[0] = my_sine(x * y);
  scratch[1] = scratch[0] * x;
  double result = scratch[1] + y;
  release(scratch);
  return result;
}

int main(void) {
  double x = qgrad_opaque(0.9), y = qgrad_opaque(0.7);
  double s = sin(x * y), c = cos(x * y);
  QgradPair analytic = {c * y * x + s, c * x * x + 1.0}, ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, x, y);
#endif
  return qgrad_check_binary("function_like", f, x, y, ad, analytic,
                            qgrad_double_tolerances());
}
