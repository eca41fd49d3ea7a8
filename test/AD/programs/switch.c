// switch on an integer computed from an active value, with fall-through and
// a default; every case is reached by one of the points.
// RUN: %{ad_build} && %t
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static double f(double x) {
  double r = x;
  switch ((int)floor(x)) {
  case 0:
    r = x * x;
    break;
  case 1:
    r = sin(x);
    /* fall through */
  case 2:
    r = r * x;
    break;
  case -1:
    return exp(x);
  default:
    r = 3.0 * x;
  }
  return r + x;
}

static double analytic_derivative(double x) {
  switch ((int)floor(x)) {
  case 0:
    return 2.0 * x + 1.0;
  case 1:
    return cos(x) * x + sin(x) + 1.0;
  case 2:
    return 2.0 * x + 1.0;
  case -1:
    return exp(x);
  default:
    return 4.0;
  }
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("switch");
  const double points[5] = {0.4, 1.3, 2.6, -0.5, 5.5};
  for (int i = 0; i < 5; ++i) {
    double x = qgrad_opaque(points[i]), ad = 0;
#ifndef QGRAD_NO_AD
    ad = __enzyme_autodiff((void *)f, x);
#endif
    qgrad_expect_unary(&report, "derivative", f, x, ad, analytic_derivative(x),
                       qgrad_double_tolerances());
  }
  return qgrad_report_finish(&report);
}
