// Second derivatives by nesting: the function differentiated is itself a
// gradient computed with __enzyme_autodiff (reverse over reverse). Checks
// d2f/dx2 and d2f/dxdy; the finite differences are taken of the analytic
// first derivative.
// RUN: %{ad_build} && %{ad_run}
// The inner __enzyme_autodiff_pair call is lowered before the outer one
// differentiates df_dx (qgrad-ad used to lower them the other way round).
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

QgradPair __enzyme_autodiff_pair(void *, ...);

static double f(double x, double y) { return x * x * x * y + sin(x * y); }

/* df/dx, by AD where the engine runs, by hand otherwise. */
static double df_dx(double x, double y) {
#ifndef QGRAD_NO_AD
  return __enzyme_autodiff_pair((void *)f, x, y).dx;
#else
  return 3.0 * x * x * y + cos(x * y) * y;
#endif
}

static double df_dx_by_hand(double x, double y) {
  return 3.0 * x * x * y + cos(x * y) * y;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("second_order");
  double x = qgrad_opaque(0.8), y = qgrad_opaque(-1.3);
  double s = sin(x * y), c = cos(x * y);
  QgradPair analytic = {6.0 * x * y - s * y * y, 3.0 * x * x + c - s * x * y};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  qgrad_expect_near(&report, "first derivative", df_dx(x, y),
                    df_dx_by_hand(x, y), 1e-12);
  ad = __enzyme_autodiff_pair((void *)df_dx, x, y);
#endif
  qgrad_expect_binary(&report, "gradient of df/dx", df_dx_by_hand, x, y, ad,
                      analytic, qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
