// libm in float: sinf, expf, logf, sqrtf, powf and tanhf over a float array
// with a float shadow.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 5 };

static float f(const float *x) {
  return sinf(x[0]) + expf(x[1]) + logf(x[2]) + sqrtf(x[3]) + powf(x[4], 1.5f) +
         tanhf(x[0] * x[1]);
}

static double f_widened(const double *x, void *ctx) {
  (void)ctx;
  float narrow[N];
  for (int i = 0; i < N; ++i)
    narrow[i] = (float)x[i];
  return f(narrow);
}

int main(void) {
  double x[N] = {0.6, -0.3, 1.7, 2.2, 1.3};
  qgrad_opaque_array(x, N);
  float xf[N], dxf[N] = {0};
  for (int i = 0; i < N; ++i)
    x[i] = xf[i] = (float)x[i];
  double sech2 = 1.0 - tanh(x[0] * x[1]) * tanh(x[0] * x[1]);
  double analytic[N] = {cos(x[0]) + sech2 * x[1], exp(x[1]) + sech2 * x[0],
                        1.0 / x[2], 0.5 / sqrt(x[3]), 1.5 * sqrt(x[4])};
  double dx[N];
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, xf, dxf);
#endif
  for (int i = 0; i < N; ++i)
    dx[i] = dxf[i];
  return qgrad_check_objective("libm_float", f_widened, NULL, x, N, dx,
                               analytic, qgrad_float_tolerances());
}
