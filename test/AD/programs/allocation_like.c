// __enzyme_allocation_like = {allocator, size argument index, "-1" (the
// deallocator frees the allocator's result), deallocator}: a pool allocator
// whose memory holds active values inside the differentiated function.
// RUN: %{ad_build} && %{ad_run}
#include <qgrad/AD/check.h>
#include <qgrad/AD/enzyme.h>

enum { N = 4 };

static int live_blocks;

__attribute__((noinline)) void *pool_alloc(size_t bytes, int tag) {
  (void)tag;
  ++live_blocks;
  return malloc(bytes);
}

__attribute__((noinline)) void pool_free(void *p) {
  --live_blocks;
  free(p);
}

__attribute__((used)) void *__enzyme_allocation_like[4] = {
    (void *)pool_alloc, (void *)0, (void *)"-1", (void *)pool_free};

static double f(const double *x, void *ctx) {
  (void)ctx;
  double *cubes = pool_alloc(N * sizeof *cubes, 7);
  for (int i = 0; i < N; ++i)
    cubes[i] = x[i] * x[i] * x[i];
  double sum = 0.0;
  for (int i = 0; i < N; ++i)
    sum += cubes[i] * x[(i + 1) % N];
  pool_free(cubes);
  return sum;
}

int main(void) {
  QgradCheckReport report = qgrad_report_start("allocation_like");
  double x[N] = {0.6, -0.9, 1.2, 0.4}, analytic[N], dx[N] = {0};
  qgrad_opaque_array(x, N);
  for (int i = 0; i < N; ++i) {
    int previous = (i + N - 1) % N;
    analytic[i] = 3.0 * x[i] * x[i] * x[(i + 1) % N] +
                  x[previous] * x[previous] * x[previous];
  }
#ifndef QGRAD_NO_AD
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, (void *)0);
  qgrad_expect_near(&report, "blocks left allocated", live_blocks, 0, 0);
#endif
  qgrad_expect_gradient(&report, "gradient", f, NULL, x, N, dx, analytic,
                        qgrad_double_tolerances());
  return qgrad_report_finish(&report);
}
