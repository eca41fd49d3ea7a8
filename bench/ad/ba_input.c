//===- ba_input.c - BA inputs: ADBench files and the generator ------------===//

#include "ba.h"

#include "bench_reader.h"
#include "bench_rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void destroy_ba_input(void *opaque) {
  BaInput *in = (BaInput *)opaque;
  free(in->obs);
  free(in->feats);
  free(in);
}

static const BenchObjectiveFns kBaFns = {
    "ba",       ba_primal,       ba_hand_gradient, ba_adolc_record,
    &ba_engine, destroy_ba_input};

/* Observation i sees camera i mod n and point i mod m, as in ADBench. */
static BaInput *new_ba_input(BenchProblem *problem, int n, int m, int p) {
  BaInput *in = (BaInput *)calloc(1, sizeof(BaInput));
  in->n = n;
  in->m = m;
  in->p = p;
  in->obs = (int *)malloc(sizeof(int) * 2 * (size_t)p);
  in->feats = (double *)malloc(sizeof(double) * 2 * (size_t)p);
  for (int i = 0; i < p; ++i) {
    in->obs[2 * i] = i % n;
    in->obs[2 * i + 1] = i % m;
  }
  bench_problem_init(problem, &kBaFns, in, ba_num_params(in));
  return in;
}

static void replicate(double *values, int copies, int size) {
  for (int i = 1; i < copies; ++i)
    memcpy(values + (size_t)i * size, values, sizeof(double) * (size_t)size);
}

/* The file holds one camera, point, weight and feature, which ADBench's
 * reader replicates to the sizes in the header. */
int ba_problem_load(BenchProblem *problem, const char *path) {
  static const int min_size[3] = {1, 1, 1};
  static const int max_size[3] = {10000000, 100000000, 100000000};
  int size[3];
  BenchReader reader;
  if (bench_reader_open_sizes(&reader, path, size, min_size, max_size) != 0)
    return -1;
  int n = size[0], m = size[1], p = size[2];
  BaInput *in = new_ba_input(problem, n, m, p);
  double *points = problem->params + kBaCameraSize * n;
  double *weights = points + 3 * m;
  int ok = bench_read_doubles(&reader, problem->params, kBaCameraSize) == 0 &&
           bench_read_doubles(&reader, points, 3) == 0 &&
           bench_read_double(&reader, weights) == 0 &&
           bench_read_doubles(&reader, in->feats, 2) == 0;
  if (ok) {
    replicate(problem->params, n, kBaCameraSize);
    replicate(points, m, 3);
    replicate(weights, p, 1);
    replicate(in->feats, p, 2);
  }
  return bench_reader_finish(&reader, problem, ok);
}

/* Cameras near the origin looking down +z at points 10 to 20 units away,
 * so every depth stays well away from zero. The last camera is unrotated,
 * so Rodrigues' small-angle branch is exercised too. */
void ba_problem_generate(BenchProblem *problem, int n, int m, int p,
                         unsigned long long seed) {
  BaInput *in = new_ba_input(problem, n, m, p);
  BenchRng rng;
  bench_rng_seed(&rng, seed);
  static const double low[kBaCameraSize] = {
      -0.3, -0.3, -0.3, -1.0, -1.0, -1.0, 400.0, -10.0, -10.0, -0.1, -0.1};
  static const double high[kBaCameraSize] = {0.3,   0.3,  0.3,  1.0, 1.0, 1.0,
                                             500.0, 10.0, 10.0, 0.1, 0.1};
  double *cams = problem->params;
  for (int c = 0; c < n; ++c)
    for (int j = 0; j < kBaCameraSize; ++j)
      cams[c * kBaCameraSize + j] = bench_rng_uniform(&rng, low[j], high[j]);
  memset(cams + (n - 1) * kBaCameraSize, 0, 3 * sizeof(double));
  double *points = cams + kBaCameraSize * n;
  for (int i = 0; i < m; ++i) {
    points[3 * i] = bench_rng_uniform(&rng, -5.0, 5.0);
    points[3 * i + 1] = bench_rng_uniform(&rng, -5.0, 5.0);
    points[3 * i + 2] = bench_rng_uniform(&rng, 10.0, 20.0);
  }
  bench_rng_fill_uniform(&rng, points + 3 * m, p, 0.5, 1.5);
  bench_rng_fill_uniform(&rng, in->feats, 2 * (long)p, -200.0, 200.0);
  snprintf(problem->origin, sizeof problem->origin,
           "generated n=%d m=%d p=%d seed=%llu", n, m, p, seed);
}
