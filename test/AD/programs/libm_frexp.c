// frexp, frexpf, frexpl and __builtin_frexp (the llvm.frexp intrinsic):
// m = x 2^-e, so dm/dx = 2^-e; the exponent e is an integer output written
// through the pointer and used afterwards. Inputs straddle powers of two,
// none sits on one (the steps of the central differences stay within one
// binade). The loop overwrites one exponent in the caller's memory (ctx), so
// each iteration's reverse must use its own exponent: a reverse sweep that
// loaded it again from that memory, as if nothing wrote it, would use the
// last one.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5, NF = 6 };

static double f(const double *x, void *ctx) {
  int *e = ctx;
  double s = 0.0;
  for (int i = 0; i < N; ++i) {
    double m = frexp(x[i] * x[i], e);
    s += m * (*e + 2);
  }
  int e2;
  s += __builtin_frexp(x[0] * x[1], &e2) * e2;
  s += (double)frexpl((long double)x[2] * x[3], &e2);
  return s;
}

static float g(const float *x, long n) {
  float s = 0.0f;
  for (long i = 0; i < n; ++i) {
    int e;
    float m = frexpf(x[i], &e);
    s += m * m * (float)(e + 3);
  }
  return s;
}

static int exponent(double v) {
  int e;
  frexp(v, &e);
  return e;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("libm_frexp");

  double x[N] = {0.8, 1.3, -1.9, 2.2, 0.45}, analytic[N], dx[N] = {0};
  qgrad_opaque_array(x, N);
  for (int i = 0; i < N; ++i) {
    int e = exponent(x[i] * x[i]);
    analytic[i] = 2.0 * x[i] * ldexp(1.0, -e) * (e + 2);
  }
  int e01 = exponent(x[0] * x[1]), e23 = exponent(x[2] * x[3]);
  analytic[0] += x[1] * ldexp(1.0, -e01) * e01;
  analytic[1] += x[0] * ldexp(1.0, -e01) * e01;
  analytic[2] += x[3] * ldexp(1.0, -e23);
  analytic[3] += x[2] * ldexp(1.0, -e23);
  int scratch = 0;
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &scratch);
#endif
  qgrad_expect_gradient(&report, "double", f, &scratch, x, N, dx, analytic,
                        qgrad_double_tolerances());

  double y[NF] = {0.7, 1.45, 3.0, 5.5, -2.9, 0.3}, yanalytic[NF], dy[NF];
  qgrad_opaque_array(y, NF);
  float yf[NF], dyf[NF] = {0};
  for (int i = 0; i < NF; ++i) {
    y[i] = yf[i] = (float)y[i];
    int e;
    double m = frexp(y[i], &e);
    yanalytic[i] = 2.0 * m * ldexp(1.0, -e) * (e + 3);
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)g, enzyme_dup, yf, dyf, enzyme_const, (long)NF);
#endif
  for (int i = 0; i < NF; ++i)
    dy[i] = dyf[i];
  QgradFloatArray narrow = {g, NF};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_FLOAT_ARRAY("libm_frexp", g, y, NF, yanalytic, 1e-5);
#endif
  qgrad_expect_gradient(&report, "float", qgrad_call_float_array, &narrow, y,
                        NF, dy, yanalytic, qgrad_float_tolerances());
  return qgrad_report_finish(&report);
}
