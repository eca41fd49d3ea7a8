//===- bench_rng.c - Deterministic inputs for the benchmark --------------===//

#include "bench_rng.h"

#include <math.h>

void bench_rng_seed(BenchRng *rng, uint64_t seed) { rng->state = seed; }

static uint64_t next_u64(BenchRng *rng) {
  uint64_t z = (rng->state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double bench_rng_uniform(BenchRng *rng, double low, double high) {
  // The top 53 bits give every double in [0, 1) with equal spacing.
  double unit = (double)(next_u64(rng) >> 11) * 0x1.0p-53;
  return low + (high - low) * unit;
}

double bench_rng_normal(BenchRng *rng) {
  double u1 = bench_rng_uniform(rng, 0.0, 1.0);
  double u2 = bench_rng_uniform(rng, 0.0, 1.0);
  // 1 - u1 lies in (0, 1], so the logarithm is finite.
  return sqrt(-2.0 * log(1.0 - u1)) * cos(6.283185307179586 * u2);
}

void bench_rng_fill_uniform(BenchRng *rng, double *values, long count,
                            double low, double high) {
  for (long i = 0; i < count; ++i)
    values[i] = bench_rng_uniform(rng, low, high);
}

void bench_rng_fill_normal(BenchRng *rng, double *values, long count) {
  for (long i = 0; i < count; ++i)
    values[i] = bench_rng_normal(rng);
}
