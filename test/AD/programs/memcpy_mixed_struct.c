// memcpy of an array of structs that mix a double, a pointer to active data
// and an int: the copy must carry the shadow pointers forward and move the
// double adjoints back.
// RUN: %{ad_build} && %{ad_run}
// Engine gap (b60c2d5): memcpy of memory mixing doubles and pointers is
// refused ("the memory this copy moves mixes floating-point values with
// pointers..."), a clear error rather than a wrong number.
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 3 };

typedef struct {
  double scale;
  const double *source;
  int power;
} Term;

static double f(const double *x, void *ctx) {
  size_t n = *(const size_t *)ctx;
  Term *terms = malloc(n * sizeof *terms);
  for (size_t i = 0; i < n; ++i) {
    terms[i].scale = x[i] * 2.0;
    terms[i].source = &x[(i + 1) % n];
    terms[i].power = (int)i + 1;
  }
  Term *copy = malloc(n * sizeof *copy);
  memcpy(copy, terms, n * sizeof *copy);
  free(terms);
  double sum = 0.0;
  for (size_t i = 0; i < n; ++i)
    sum += copy[i].scale * __builtin_powi(*copy[i].source, copy[i].power);
  free(copy);
  return sum;
}

int main(void) {
  size_t n = (size_t)qgrad_opaque_long(N);
  double x[N] = {0.8, -1.3, 0.6}, dx[N] = {0}, analytic[N] = {0};
  qgrad_opaque_array(x, N);
  for (int i = 0; i < N; ++i) {
    int j = (i + 1) % N, p = i + 1;
    analytic[i] += 2.0 * pow(x[j], p);
    analytic[j] += 2.0 * x[i] * p * pow(x[j], p - 1);
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
#endif
  return qgrad_check_objective("memcpy_mixed_struct", f, &n, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
