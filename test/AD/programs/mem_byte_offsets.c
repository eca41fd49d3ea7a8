// Doubles moved as bytes: a memcpy at byte offsets through char pointers,
// and a serialization of doubles into an unsigned char buffer read back in
// reverse order; type analysis must recover the doubles from their uses.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

static double f(const double *x, void *ctx) {
  long n = *(const long *)ctx;
  double *shifted = malloc(n * sizeof *shifted);
  memset(shifted, 0, n * sizeof *shifted);
  memcpy((char *)shifted + 8, (const char *)x + 16, (n - 2) * 8);
  unsigned char *bytes = malloc(n * 8);
  for (long i = 0; i < n; ++i)
    memcpy(bytes + 8 * i, &x[i], 8);
  double sum = 0.0;
  for (long i = 0; i < n; ++i) {
    double v;
    memcpy(&v, bytes + 8 * (n - 1 - i), 8);
    sum += v * v * (i + 1) + shifted[i] * shifted[i] * (i + 1);
  }
  free(bytes);
  free(shifted);
  return sum;
}

int main(void) {
  long n = qgrad_opaque_long(N);
  double x[N] = {0.5, -1.5, 2.0, 0.25}, dx[N] = {0}, analytic[N];
  qgrad_opaque_array(x, N);
  /* The serialized copy weights x[j] by N - j; the shifted copy puts
   * x[j] (j >= 2) at position j - 1, weighted by j. */
  for (int j = 0; j < N; ++j)
    analytic[j] = 2.0 * x[j] * (N - j) + (j >= 2 ? 2.0 * x[j] * j : 0.0);
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
#endif
  return qgrad_check_objective("mem_byte_offsets", f, &n, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
