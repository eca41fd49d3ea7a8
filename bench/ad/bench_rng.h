/*===- bench_rng.h - Deterministic inputs for the benchmark ---------------===*
 *
 * SplitMix64: the same seed gives the same inputs on every machine, so the
 * benchmark runs without the ADBench data and its numbers are repeatable.
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_BENCH_AD_BENCH_RNG_H
#define QGRAD_BENCH_AD_BENCH_RNG_H

#include <stdint.h>

typedef struct BenchRng {
  uint64_t state;
} BenchRng;

void bench_rng_seed(BenchRng *rng, uint64_t seed);
/* Uniform in [low, high). */
double bench_rng_uniform(BenchRng *rng, double low, double high);
/* Standard normal (Box-Muller). */
double bench_rng_normal(BenchRng *rng);
void bench_rng_fill_uniform(BenchRng *rng, double *values, long count,
                            double low, double high);
void bench_rng_fill_normal(BenchRng *rng, double *values, long count);

#endif
