// A file-scope double used as scratch for active values inside the
// differentiated function (written, then read back). The engine must either
// give it a shadow or refuse with an error; a silent zero is the failure.
// RUN: %{ad_build} && %{ad_run}
// The global gets a shadow global (lib/AD/GlobalShadows.cpp). Before it
// did, the engine refused with a located error.
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double scratch;

__attribute__((noinline)) static void stash(double v) { scratch = v; }

static double f(double x) {
  stash(x * x);
  return scratch * sin(x);
}

int main(void) {
  double x = qgrad_opaque(0.9), ad = 0;
  double analytic = 2.0 * x * sin(x) + x * x * cos(x);
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("global_active_scratch", f, x, ad, analytic,
                           qgrad_double_tolerances());
}
