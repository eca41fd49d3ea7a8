// A select (conditional) between two pointers into active memory, then a
// write through the chosen pointer: its shadow must be selected the same way.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3 };

static double f(double *x, void *ctx) {
  (void)ctx;
  double *larger = x[0] > x[1] ? &x[0] : &x[1];
  *larger = *larger * *larger;
  return x[0] * 2.0 + x[1] * 3.0 + x[2] * *larger;
}

static double ad_case(double *x0, double *dx) {
  double x[N];
  memcpy(x, x0, sizeof x);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
#endif
  return x[0];
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("select_pointer");
  const double points[2][N] = {{1.3, 0.4, -0.7}, {-0.2, 0.9, 0.6}};
  QgradOnCopy on_copy = {f, NULL, N};
  for (int p = 0; p < 2; ++p) {
    double x[N], dx[N] = {0}, analytic[N];
    memcpy(x, points[p], sizeof x);
    qgrad_opaque_array(x, N);
    int first = x[0] > x[1];
    double chosen = first ? x[0] : x[1];
    analytic[0] = first ? 2.0 * x[0] * (2.0 + x[2]) : 2.0;
    analytic[1] = first ? 3.0 : 2.0 * x[1] * (3.0 + x[2]);
    analytic[2] = chosen * chosen;
    ad_case(x, dx);
    qgrad_expect_gradient(&report, first ? "x0 chosen" : "x1 chosen",
                          qgrad_call_on_copy, &on_copy, x, N, dx, analytic,
                          qgrad_double_tolerances());
#ifdef QGRAD_CHECK_FORWARD
    QGRAD_FORWARD_ON_COPY("select_pointer", f, NULL, x, N, analytic, 1e-12);
#endif
  }
  return qgrad_report_finish(&report);
}
