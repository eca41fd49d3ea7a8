// Shadows accumulate (+=): shadow memory that already holds values gets the
// gradient added, so two calls on the same shadow give twice the gradient
// plus what was there.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3 };

static double f(const double *x, void *ctx) {
  (void)ctx;
  return x[0] * x[1] + cos(x[2]) * x[0];
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("shadow_accumulate");
  double x[N] = {0.9, -0.6, 1.3}, dx[N] = {0.5, -2.0, 0.125};
  qgrad_opaque_array(x, N);
  double analytic[N] = {x[1] + cos(x[2]), x[0], -sin(x[2]) * x[0]};
  double prior[N] = {0.5, -2.0, 0.125}, ad[N];
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
  for (int i = 0; i < N; ++i)
    qgrad_expect_near(&report, "prior + 2 gradient", dx[i],
                      prior[i] + 2.0 * analytic[i], 1e-12);
#endif
  for (int i = 0; i < N; ++i)
    ad[i] = (dx[i] - prior[i]) / 2.0;
  qgrad_expect_gradient(&report, "gradient", f, NULL, x, N, ad, analytic,
                        qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
