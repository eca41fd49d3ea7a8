// float throughout: a loop over a float array with a float accumulator and
// float shadows (enzyme_dup), returning float.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 6 };

static float f(const float *x, long n) {
  float sum = 0.0f, previous = 1.0f;
  for (long i = 0; i < n; ++i) {
    sum += x[i] * previous;
    previous = x[i] * 0.5f + 1.0f;
  }
  return sum;
}

int main(void) {
  double x[N] = {0.4, -1.2, 0.9, 1.6, -0.3, 0.75}, analytic[N], dx[N];
  qgrad_opaque_array(x, N);
  float xf[N], dxf[N] = {0};
  for (int i = 0; i < N; ++i)
    x[i] = xf[i] = (float)x[i];
  /* sum = x0 + sum_{i>0} x_i (x_{i-1}/2 + 1) */
  for (int i = 0; i < N; ++i)
    analytic[i] =
        (i ? x[i - 1] * 0.5 + 1.0 : 1.0) + (i + 1 < N ? 0.5 * x[i + 1] : 0.0);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, xf, dxf, (long)N);
#endif
  for (int i = 0; i < N; ++i)
    dx[i] = dxf[i];
  QgradFloatArray widened = {f, N};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_FLOAT_ARRAY("float_loop", f, x, N, analytic, 1e-5);
#endif
  return qgrad_check_objective("float_loop", qgrad_call_float_array, &widened,
                               x, N, dx, analytic, qgrad_float_tolerances());
}
