// memcpy of a run-time number of floats (4-byte elements): type analysis
// must find float, not double, to move the adjoints back.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

static float f(const float *x, long n) {
  float *copy = malloc(n * sizeof *copy);
  memcpy(copy, x, n * sizeof *copy);
  float sum = 0.0f;
  for (long i = 0; i < n; ++i)
    sum += copy[i] * copy[i] * (float)(i + 1);
  free(copy);
  return sum;
}

int main(void) {
  long n = qgrad_opaque_long(N);
  double x[N] = {0.5, -1.5, 2.0, 0.25, -0.75}, dx[N], analytic[N];
  qgrad_opaque_array(x, N);
  float xf[N], dxf[N] = {0};
  for (int i = 0; i < N; ++i) {
    x[i] = xf[i] = (float)x[i];
    analytic[i] = 2.0 * x[i] * (i + 1);
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, xf, dxf, n);
#endif
  for (int i = 0; i < N; ++i)
    dx[i] = dxf[i];
  QgradFloatArray widened = {f, N};
#ifdef QGRAD_CHECK_FORWARD
  QGRAD_FORWARD_FLOAT_ARRAY("mem_memcpy_float", f, x, N, analytic, 1e-5);
#endif
  return qgrad_check_objective("mem_memcpy_float", qgrad_call_float_array,
                               &widened, x, N, dx, analytic,
                               qgrad_float_tolerances());
}
