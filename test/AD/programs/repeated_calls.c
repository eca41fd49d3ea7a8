// The same gradient called 200 times (gradient descent on the Rosenbrock
// function): every call must start from a clean tape and clean adjoints.
// The AD path's iterates must match those of the analytic gradient to 1e-10
// relative (200 steps let the two gradients' last-bit differences add up);
// the gradient at the final point is checked to 1e-12.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { STEPS = 200 };

QgradPair __enzyme_autodiff_pair(void *, ...);

static double rosenbrock(double x, double y) {
  double a = 1.0 - x, b = y - x * x;
  return a * a + 100.0 * b * b;
}

static QgradPair analytic_gradient(double x, double y) {
  QgradPair g = {-2.0 * (1.0 - x) - 400.0 * x * (y - x * x),
                 200.0 * (y - x * x)};
  return g;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("repeated_calls");
  double x = qgrad_opaque(-0.5), y = qgrad_opaque(0.8);
  double ax = x, ay = y, rate = 1e-3;
  for (int step = 0; step < STEPS; ++step) {
    QgradPair ga = analytic_gradient(ax, ay);
    ax -= rate * ga.dx;
    ay -= rate * ga.dy;
#ifndef QGRAD_NO_AD
    QgradPair g = __enzyme_autodiff_pair((void *)rosenbrock, x, y);
    x -= rate * g.dx;
    y -= rate * g.dy;
#endif
  }
#ifndef QGRAD_NO_AD
  qgrad_expect_near(&report, "x after descent", x, ax, 1e-10);
  qgrad_expect_near(&report, "y after descent", y, ay, 1e-10);
#endif
  QgradPair ad = {0, 0};
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff_pair((void *)rosenbrock, ax, ay);
#endif
  qgrad_expect_binary(&report, "gradient at the end", rosenbrock, ax, ay, ad,
                      analytic_gradient(ax, ay), qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
