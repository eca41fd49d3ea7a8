// Global mutable state inside the differentiated function that holds no
// active data: a call counter and a last-size record. The engine must treat
// it as inactive, and the primal side effects must still happen.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

static int calls;
static long last_size;

static double f(const double *x, void *ctx) {
  long n = *(const long *)ctx;
  ++calls;
  last_size = n;
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += x[i] * x[i] * x[i];
  return sum;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("global_counter");
  long n = qgrad_opaque_long(3);
  double x[3] = {0.5, -1.5, 1.1}, dx[3] = {0}, analytic[3];
  qgrad_opaque_array(x, 3);
  for (int i = 0; i < 3; ++i)
    analytic[i] = 3.0 * x[i] * x[i];
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
  qgrad_expect_near(&report, "calls counted by the gradient", calls, 1, 0);
  qgrad_expect_near(&report, "size recorded by the gradient", last_size, 3, 0);
#endif
  qgrad_expect_gradient(&report, "gradient", f, &n, x, 3, dx, analytic,
                        qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
