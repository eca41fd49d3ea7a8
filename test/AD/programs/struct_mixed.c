// A struct mixing int, double and pointer fields, passed by pointer with a
// shadow struct whose pointer field points to the shadow data.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

typedef struct {
  int count;
  double scale;
  double *data;
  double offset;
} Params;

static double f(const Params *p) {
  double sum = 0.0;
  for (int i = 0; i < p->count; ++i)
    sum += p->data[i] * p->data[i] * (i + 1);
  return p->scale * sum + p->offset * p->offset;
}

/* v = {scale, offset, data[0..N)} */
static double f_of(const double *v, void *ctx) {
  (void)ctx;
  double data[N];
  memcpy(data, v + 2, sizeof data);
  Params p = {N, v[0], data, v[1]};
  return f(&p);
}

int main(void) {
  double v[2 + N] = {1.7, -0.6, 0.5, -1.2, 0.9, 0.35};
  qgrad_opaque_array(v, 2 + N);
  double data[N], ddata[N] = {0}, sum = 0.0, analytic[2 + N];
  memcpy(data, v + 2, sizeof data);
  for (int i = 0; i < N; ++i) {
    sum += data[i] * data[i] * (i + 1);
    analytic[2 + i] = v[0] * 2.0 * data[i] * (i + 1);
  }
  analytic[0] = sum;
  analytic[1] = 2.0 * v[1];
  Params p = {N, v[0], data, v[1]};
  Params dp = {0, 0.0, ddata, 0.0};
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, &p, &dp);
#endif
  double ad[2 + N] = {dp.scale, dp.offset};
  memcpy(ad + 2, ddata, sizeof ddata);
  return qgrad_check_objective("struct_mixed", f_of, NULL, v, 2 + N, ad,
                               analytic, qgrad_double_tolerances());
}
