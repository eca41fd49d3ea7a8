// switch on an integer computed from an active value, with fall-through and
// a default; every case is reached by one of the points.
// RUN: %{ad_build} && %{ad_run}
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

QGRAD_DEFINE_AD_UNARY(ad_derivative, __enzyme_autodiff, f)

int main(void) {
  const double points[5] = {0.4, 1.3, 2.6, -0.5, 5.5};
  return qgrad_check_unary_points("switch", f, ad_derivative,
                                  analytic_derivative, points, 5,
                                  qgrad_double_tolerances());
}
