// enzyme_dup for an output buffer: like dupnoneed, but the primal values
// must be written too; the call leaves F(x) in out and w^T dF/dx in dx.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 2, M = 3 };

static const double weights[M] = {1.5, -0.5, 0.75};

static void F(const double *x, double *out) {
  out[0] = x[0] * x[0] * x[1];
  out[1] = cos(x[0] * x[1]);
  out[2] = x[1] / x[0];
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("dup_output");
  double x[N] = {1.3, 0.6}, dx[N] = {0}, out[M] = {0}, dout[M], primal[M];
  qgrad_opaque_array(x, N);
  memcpy(dout, weights, sizeof dout);
  F(x, primal);
  double s = sin(x[0] * x[1]);
  double analytic[N] = {weights[0] * 2.0 * x[0] * x[1] - weights[1] * s * x[1] -
                            weights[2] * x[1] / (x[0] * x[0]),
                        weights[0] * x[0] * x[0] - weights[1] * s * x[0] +
                            weights[2] / x[0]};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)F, enzyme_dup, x, dx, enzyme_dup, out, dout);
  for (int i = 0; i < M; ++i)
    qgrad_expect_near(&report, "primal output", out[i], primal[i], 1e-15);
#endif
  QgradWeightedOutputs w = {F, weights, M};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_WEIGHTED("dup_output", F, x, N, M, weights, analytic, 1e-12);
#endif
  qgrad_expect_gradient(&report, "w^T dF/dx", qgrad_weighted_outputs, &w, x, N,
                        dx, analytic, qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
