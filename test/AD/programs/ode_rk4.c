// Classical Runge-Kutta (RK4) integration of y' = -k y in a loop. For this
// linear ODE the scheme gives y_N = y0 R(-k h)^N exactly, with
// R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24, which yields the analytic gradient
// with respect to k and y0.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { STEPS = 50 };
static const double h = 0.04;

QgradPair __enzyme_autodiff_pair(void *, ...);

static double rhs(double k, double y) { return -k * y; }

static double f(double k, double y0) {
  double y = y0;
  for (int i = 0; i < STEPS; ++i) {
    double k1 = rhs(k, y), k2 = rhs(k, y + 0.5 * h * k1);
    double k3 = rhs(k, y + 0.5 * h * k2), k4 = rhs(k, y + h * k3);
    y += h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  }
  return y;
}

int main(void) {
  double k = qgrad_opaque(1.3), y0 = qgrad_opaque(0.8);
  double z = -k * h;
  double r = 1.0 + z + z * z / 2.0 + z * z * z / 6.0 + z * z * z * z / 24.0;
  double dr_dz = 1.0 + z + z * z / 2.0 + z * z * z / 6.0;
  QgradPair analytic = {y0 * STEPS * pow(r, STEPS - 1) * dr_dz * -h,
                        pow(r, STEPS)};
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)f, k, y0);
#endif
  return qgrad_check_binary("ode_rk4", f, k, y0, ad, analytic,
                            qgrad_double_tolerances());
}
