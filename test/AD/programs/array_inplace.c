// An array read and written in place: x[i] = x[i] x[i-1] + sin(x[i]), each
// step reading the element the previous step overwrote. The primal result
// must also be left in x.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

static double f(double *x, void *ctx) {
  (void)ctx;
  double sum = 0.0;
  for (int i = 1; i < N; ++i) {
    x[i] = x[i] * x[i - 1] + sin(x[i]);
    sum += x[i];
  }
  return sum;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("array_inplace");
  double x0[N] = {0.9, 0.4, -0.7, 1.2, 0.3}, analytic[N] = {0};
  qgrad_opaque_array(x0, N);
  /* Forward mode by hand, one input direction at a time. */
  for (int dir = 0; dir < N; ++dir) {
    double y[N], dy[N] = {0};
    memcpy(y, x0, sizeof y);
    dy[dir] = 1.0;
    for (int i = 1; i < N; ++i) {
      dy[i] = dy[i] * y[i - 1] + y[i] * dy[i - 1] + cos(y[i]) * dy[i];
      y[i] = y[i] * y[i - 1] + sin(y[i]);
      analytic[dir] += dy[i];
    }
  }
  double x[N], dx[N] = {0}, primal[N];
  memcpy(x, x0, sizeof x);
  memcpy(primal, x0, sizeof primal);
  f(primal, NULL);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
  for (int i = 0; i < N; ++i)
    qgrad_expect_near(&report, "x after the gradient call", x[i], primal[i],
                      1e-15);
#endif
  QgradOnCopy on_copy = {f, NULL, N};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_ON_COPY("array_inplace", f, NULL, x0, N, analytic, 1e-12);
#endif
  qgrad_expect_gradient(&report, "gradient", qgrad_call_on_copy, &on_copy, x0,
                        N, dx, analytic, qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
