// One function differentiated with three different activity patterns in the
// same module: each pattern needs its own gradient (memoized by function and
// activities), and none may be confused with another.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) { return exp(x * y) + x * x * x / y; }

int main(void) {
  QgradCheckReport report = qgrad_report_start("activities_memoized");
  double x = qgrad_opaque(0.7), y = qgrad_opaque(1.3);
  QgradPair analytic = {y * exp(x * y) + 3.0 * x * x / y,
                        x * exp(x * y) - x * x * x / (y * y)};
  QgradPair both = {0, 0};
  double only_x = 0, only_y = 0;
#ifndef QGRAD_NO_AD
  only_y = __enzyme_autodiff((void *)f, enzyme_const, x, enzyme_out, y);
  both = __enzyme_autodiff_pair((void *)f, x, y);
  only_x = __enzyme_autodiff((void *)f, enzyme_out, x, enzyme_const, y);
  qgrad_expect_near(&report, "d/dx with y constant", only_x, analytic.dx,
                    1e-12);
  qgrad_expect_near(&report, "d/dy with x constant", only_y, analytic.dy,
                    1e-12);
#endif
  qgrad_expect_binary(&report, "both active", f, x, y, both, analytic,
                      qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
