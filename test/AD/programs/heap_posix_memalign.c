// posix_memalign, aligned_alloc and memalign inside the differentiated
// function: posix_memalign allocates through its out-pointer (a local
// void *), so the shadow must be allocated, zeroed and stored into that
// pointer's shadow; each buffer is filled with active values in a loop,
// read back (in a different order), and freed before the return. The
// alignments are large, and the shadows must keep them: the optimiser may
// use aligned vector accesses, and the shadow accesses mirror the primal's.
// RUN: %{ad_build} && %{ad_run}
#define _POSIX_C_SOURCE 200112L
#include <malloc.h>
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 8 };

static double f(const double *x, void *ctx) {
  // A run-time length keeps the loops rolled, so that -O2 cannot forward
  // every store to its load and delete the blocks before AD sees them.
  long n = *(const long *)ctx;
  size_t bytes = (size_t)n * sizeof(double);
  void *p;
  if (posix_memalign(&p, 64, bytes) != 0)
    return NAN;
  double *squares = p;
  for (long i = 0; i < n; ++i)
    squares[i] = x[i] * x[i];
  double *products = aligned_alloc(32, bytes);
  for (long i = 0; i < n; ++i)
    products[i] = squares[n - 1 - i] * x[i];
  double *sines = memalign(128, bytes);
  for (long i = 0; i < n; ++i)
    sines[i] = sin(products[i]);
  double sum = 0.0;
  for (long i = 0; i < n; ++i)
    sum += sines[i] + squares[i] * products[(i + 1) % n];
  free(p);
  free(products);
  free(sines);
  return sum;
}

int main(void) {
  double x[N] = {0.8, -0.5, 1.3, 0.2, -1.1, 0.6, 0.9, -0.3}, analytic[N] = {0},
         dx[N] = {0};
  qgrad_opaque_array(x, N);
  long n = qgrad_opaque_long(N);
  // products[i] = x[N-1-i]^2 x[i]; sum = sum_i sin(products[i]) +
  // x[i]^2 products[(i+1) % N].
  double products[N];
  for (int i = 0; i < N; ++i)
    products[i] = x[N - 1 - i] * x[N - 1 - i] * x[i];
  // d sum / d products[i] = cos(products[i]) + x[(i-1) mod N]^2.
  for (int i = 0; i < N; ++i) {
    double dp = cos(products[i]) + x[(i + N - 1) % N] * x[(i + N - 1) % N];
    int j = N - 1 - i;
    analytic[i] += dp * x[j] * x[j];
    analytic[j] += dp * 2.0 * x[j] * x[i];
    analytic[i] += 2.0 * x[i] * products[(i + 1) % N];
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, &n);
#endif
  return qgrad_check_objective("heap_posix_memalign", f, &n, x, N, dx, analytic,
                               qgrad_double_tolerances());
}
