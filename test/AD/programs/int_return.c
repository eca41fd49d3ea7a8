// A function that returns an integer (not seeded, nothing to differentiate)
// while writing active results through a duplicated output pointer.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

static int clamp_and_sum(const double *x, int n, double *total) {
  int clamped = 0;
  *total = 0.0;
  for (int i = 0; i < n; ++i) {
    double v = x[i] * x[i];
    if (v > 1.0) {
      v = 1.0;
      ++clamped;
    }
    *total += v * (i + 1);
  }
  return clamped;
}

static double total_of(const double *x, void *ctx) {
  (void)ctx;
  double total;
  clamp_and_sum(x, N, &total);
  return total;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("int_return");
  double x[N] = {0.5, 1.4, -0.7, -1.2, 0.2}, dx[N] = {0}, analytic[N];
  qgrad_opaque_array(x, N);
  for (int i = 0; i < N; ++i)
    analytic[i] = x[i] * x[i] > 1.0 ? 0.0 : 2.0 * x[i] * (i + 1);
  double total = 0.0, dtotal = 1.0;
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)clamp_and_sum, enzyme_dup, x, dx, (int)N,
                    enzyme_dup, &total, &dtotal);
  qgrad_expect_near(&report, "primal total", total, total_of(x, NULL), 1e-15);
#endif
  qgrad_expect_gradient(&report, "gradient", total_of, NULL, x, N, dx, analytic,
                        qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
