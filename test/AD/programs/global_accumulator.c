// A file-scope running total that the differentiated function reads and
// updates (total += x^2; return total). Its derivative is 2x on every call,
// whatever the total was before; the engine gives the global a shadow, and
// the adjoint of the total's value on entry, which that shadow holds after
// a gradient, must not leak into the next gradient (a second call would
// give 4x). Each check restores the total first, so central differences see
// the same function.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double total;

static double accumulate(double x) {
  total += x * x;
  return total;
}

static double from_start(const double *x, void *ctx) {
  total = *(const double *)ctx;
  return accumulate(x[0]);
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("global_accumulator");
  double start = qgrad_opaque(0.75);
  double x = qgrad_opaque(1.3), analytic = 2.0 * x;
  for (int call = 0; call < 3; ++call) {
    double ad = 0.0;
    total = start;
#ifndef QGRAD_NO_AD
    ad = __enzyme_autodiff((void *)accumulate, x);
#endif
    qgrad_expect_gradient(&report, "d total / dx", from_start, &start, &x, 1,
                          &ad, &analytic, qgrad_double_tolerances());
  }
  return qgrad_report_finish(&report);
}
