// enzyme_dupnoneed for an output buffer: the function writes F(x) into out,
// whose shadow holds the cotangent w on entry. The call yields w^T dF/dx in
// dx and consumes the shadow; the finite differences check w . F.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3, M = 4 };

static const double weights[M] = {0.5, -1.0, 2.0, 0.25};

static void F(const double *x, double *out) {
  out[0] = x[0] * x[1];
  out[1] = sin(x[2]) + x[0];
  out[2] = x[1] * x[1] * x[2];
  out[3] = exp(x[0] - x[2]);
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("dupnoneed_output");
  double x[N] = {0.7, -1.1, 0.4}, dx[N] = {0}, out[M], dout[M];
  qgrad_opaque_array(x, N);
  memcpy(dout, weights, sizeof dout);
  double e = exp(x[0] - x[2]);
  double analytic[N] = {weights[0] * x[1] + weights[1] + weights[3] * e,
                        weights[0] * x[0] + weights[2] * 2.0 * x[1] * x[2],
                        weights[1] * cos(x[2]) + weights[2] * x[1] * x[1] -
                            weights[3] * e};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)F, enzyme_dup, x, dx, enzyme_dupnoneed, out, dout);
  for (int i = 0; i < M; ++i)
    qgrad_expect_near(&report, "output shadow consumed", dout[i], 0.0, 0.0);
#endif
  QgradWeightedOutputs w = {F, weights, M};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_WEIGHTED("dupnoneed_output", F, x, N, M, weights, analytic, 1e-12);
#endif
  qgrad_expect_gradient(&report, "w^T dF/dx", qgrad_weighted_outputs, &w, x, N,
                        dx, analytic, qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
