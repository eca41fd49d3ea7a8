// Calls the engine knows to be inactive, inside the differentiated function:
// printf, puts and fprintf (here printing an active value) must neither
// need a rule nor change the gradient.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static int verbose;

static double f(double x) {
  double y = x * exp(x);
  if (verbose) {
    printf("f: y = %g\n", y);
    puts("f: done");
    fprintf(stderr, "f: x = %g\n", x);
  }
  return y * y;
}

int main(void) {
  verbose = (int)qgrad_opaque_long(1);
  double x = qgrad_opaque(0.35);
  double y = x * exp(x), analytic = 2.0 * y * (1.0 + x) * exp(x), ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  verbose = 0;
  return qgrad_check_unary("inactive_builtin", f, x, ad, analytic,
                           qgrad_double_tolerances());
}
