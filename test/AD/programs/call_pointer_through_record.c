// A buffer allocated by one noinline function, reached through a record, and
// filled with active values by another: the pointer stored into the record's
// active memory needs a shadow although the allocating function writes no
// value through it. Without one the shadow record held null and the
// gradient crashed at every optimisation level.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

typedef struct {
  double *buffer;
  double weight;
} Record;

__attribute__((noinline)) static void allocate(Record *r, int n) {
  r->buffer = malloc(n * sizeof(double));
}

__attribute__((noinline)) static void fill(Record *r, double x) {
  r->buffer[0] = x * x;
  r->buffer[1] = sin(x);
}

static double f(double x) {
  Record r;
  r.weight = x;
  allocate(&r, 2);
  fill(&r, x);
  double v = r.buffer[0] * r.weight + r.buffer[1];
  free(r.buffer);
  return v;
}

int main(void) {
  double x = qgrad_opaque(0.7), ad = 0;
#ifndef QGRAD_NO_AD
  ad = __enzyme_autodiff((void *)f, x);
#endif
  return qgrad_check_unary("call_pointer_through_record", f, x, ad,
                           3.0 * x * x + cos(x), qgrad_double_tolerances());
}
