// enzyme_const on a double (not differentiated, even though it is a float
// scalar) and on a pointer (no shadow follows it), mixed with enzyme_out and
// enzyme_dup, as markers passed by value and by address.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3 };

static double f(double scale, const double *table, double x, const double *y) {
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    sum += table[i] * y[i] * x;
  return scale * sum + x * x;
}

static const double table[N] = {1.0, -2.0, 0.5};

/* v = {x, y0, y1, y2}; scale is fixed. */
static double f_of(const double *v, void *ctx) {
  return f(*(const double *)ctx, table, v[0], v + 1);
}

int main(void) {
  double scale = qgrad_opaque(1.75);
  double v[1 + N] = {0.6, 0.3, -0.8, 1.1}, analytic[1 + N], ad[1 + N] = {0};
  qgrad_opaque_array(v, 1 + N);
  double weighted = 0.0;
  for (int i = 0; i < N; ++i) {
    weighted += table[i] * v[1 + i];
    analytic[1 + i] = scale * table[i] * v[0];
  }
  analytic[0] = scale * weighted + 2.0 * v[0];
#ifndef QGRAD_NO_AD
  ad[0] =
      __enzyme_autodiff((void *)f, enzyme_const, scale, &enzyme_const, table,
                        enzyme_out, v[0], &enzyme_dup, v + 1, ad + 1);
#endif
  return qgrad_check_objective("markers_const", f_of, &scale, v, 1 + N, ad,
                               analytic, qgrad_double_tolerances());
}
