// Matrix product C = A B on flat arrays with C an enzyme_dupnoneed output
// seeded with a cotangent G: dA = G B^T and dB = A^T G.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { R = 3, K = 4, C = 2 };

static void matmul(const double *a, const double *b, double *c) {
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      double s = 0.0;
      for (int k = 0; k < K; ++k)
        s += a[i * K + k] * b[k * C + j];
      c[i * C + j] = s;
    }
}

static double cotangent[R * C];

/* v = {A (R*K), B (K*C)}; the objective is G . (A B). */
static void product_of(const double *v, double *c) { matmul(v, v + R * K, c); }

int main(void) {
  QgradCheckReport report = qgrad_report_start("kernel_matmul");
  double v[R * K + K * C], dv[R * K + K * C] = {0}, analytic[R * K + K * C];
  for (int i = 0; i < R * K + K * C; ++i)
    v[i] = qgrad_opaque(0.1 * i - 0.7 + 0.03 * i * (i % 4));
  for (int i = 0; i < R * C; ++i)
    cotangent[i] = 0.5 * i - 1.0;
  const double *a = v, *b = v + R * K;
  for (int i = 0; i < R; ++i)
    for (int k = 0; k < K; ++k) {
      double s = 0.0;
      for (int j = 0; j < C; ++j)
        s += cotangent[i * C + j] * b[k * C + j];
      analytic[i * K + k] = s;
    }
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < C; ++j) {
      double s = 0.0;
      for (int i = 0; i < R; ++i)
        s += a[i * K + k] * cotangent[i * C + j];
      analytic[R * K + k * C + j] = s;
    }
  double c[R * C], dc[R * C];
  memcpy(dc, cotangent, sizeof dc);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)matmul, enzyme_dup, v, dv, enzyme_dup, v + R * K,
                    dv + R * K, enzyme_dupnoneed, c, dc);
#endif
  QgradWeightedOutputs w = {product_of, cotangent, R * C};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_WEIGHTED("kernel_matmul", product_of, v, R * K + K * C, R * C, cotangent, analytic, 1e-12);
#endif
  qgrad_expect_gradient(&report, "G . (A B)", qgrad_weighted_outputs, &w, v,
                        R * K + K * C, dv, analytic, qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
