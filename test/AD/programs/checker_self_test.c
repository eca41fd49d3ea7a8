// The gradient checker itself (check.h): it must accept a right gradient and
// reject a gradient that is wrong in one component by 1e-4, a NaN, and a
// sign error, so that the coverage programs cannot pass vacuously. The
// "MISMATCH"/"gradient[...]" lines it prints on stderr are expected.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3 };

static double f(const double *x, void *ctx) {
  (void)ctx;
  return x[0] * x[1] * x[1] + exp(x[2]) * x[0];
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("checker_self_test");
  double x[N] = {0.6, -1.2, 0.3};
  qgrad_opaque_array(x, N);
  double right[N] = {x[1] * x[1] + exp(x[2]), 2.0 * x[0] * x[1],
                     exp(x[2]) * x[0]};
#ifndef QGRAD_NO_AD
  double ad[N] = {0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, ad, enzyme_const, (void *)0);
  memcpy(right, ad, sizeof right);
#endif
  double off[N], nan_grad[N], flipped[N];
  memcpy(off, right, sizeof off);
  memcpy(nan_grad, right, sizeof nan_grad);
  memcpy(flipped, right, sizeof flipped);
  off[1] *= 1.0 + 1e-4;
  nan_grad[2] = NAN;
  flipped[0] = -flipped[0];
  qgrad_expect_near(&report, "mismatches of a right gradient",
                    qgrad_check_gradient(f, NULL, x, N, right, 0, 0), 0, 0);
  qgrad_expect_near(&report, "mismatches of a gradient off by 1e-4",
                    qgrad_check_gradient(f, NULL, x, N, off, 0, 0), 1, 0);
  qgrad_expect_near(&report, "mismatches of a gradient with a NaN",
                    qgrad_check_gradient(f, NULL, x, N, nan_grad, 0, 0), 1, 0);
  qgrad_expect_near(&report, "mismatches of a gradient with a sign error",
                    qgrad_check_gradient(f, NULL, x, N, flipped, 0, 0), 1, 0);
  qgrad_expect_near(&report, "1e-12 accepts a relative error of 1e-13",
                    qgrad_relatively_near(1.0 + 1e-13, 1.0, 1e-12), 1, 0);
  qgrad_expect_near(&report, "1e-12 rejects a relative error of 1e-11",
                    qgrad_relatively_near(1.0 + 1e-11, 1.0, 1e-12), 0, 0);
  qgrad_expect_near(&report, "a zero derivative is compared absolutely",
                    qgrad_relatively_near(1e-9, 0.0, 1e-12), 0, 0);
  qgrad_expect_near(&report, "NaN is never near",
                    qgrad_relatively_near(NAN, NAN, 1.0), 0, 0);
  return qgrad_report_finish(&report);
}
