//===- gmm_input.c - GMM inputs: ADBench files and the generator ----------===//

#include "gmm.h"

#include "bench_reader.h"
#include "bench_rng.h"

#include <stdio.h>
#include <stdlib.h>

static void destroy_gmm_input(void *opaque) {
  GmmInput *in = (GmmInput *)opaque;
  free(in->x);
  free(in);
}

static const BenchObjectiveFns kGmmFns = {
    "gmm",       gmm_primal,       gmm_hand_gradient, gmm_adolc_record,
    &gmm_engine, destroy_gmm_input};

static GmmInput *new_gmm_input(BenchProblem *problem, int d, int k, int n) {
  GmmInput *in = (GmmInput *)calloc(1, sizeof(GmmInput));
  in->d = d;
  in->k = k;
  in->n = n;
  in->x = (double *)malloc(sizeof(double) * (size_t)n * (size_t)d);
  bench_problem_init(problem, &kGmmFns, in, gmm_num_params(in));
  return in;
}

/* The file holds alphas, means and icf in the flat parameter order, then
 * the points and the Wishart prior's gamma and m. */
int gmm_problem_load(BenchProblem *problem, const char *path) {
  static const int min_size[3] = {1, 1, 1};
  static const int max_size[3] = {1000, 1000, 100000000};
  int size[3];
  BenchReader reader;
  if (bench_reader_open_sizes(&reader, path, size, min_size, max_size) != 0)
    return -1;
  GmmInput *in = new_gmm_input(problem, size[0], size[1], size[2]);
  int ok =
      bench_read_doubles(&reader, problem->params, problem->num_params) == 0 &&
      bench_read_doubles(&reader, in->x, (long)in->n * in->d) == 0 &&
      bench_read_double(&reader, &in->wishart_gamma) == 0 &&
      bench_read_int(&reader, &in->wishart_m, 0, 1000000) == 0;
  return bench_reader_finish(&reader, problem, ok);
}

void gmm_problem_generate(BenchProblem *problem, int d, int k, int n,
                          unsigned long long seed) {
  GmmInput *in = new_gmm_input(problem, d, k, n);
  in->wishart_gamma = 1.0;
  in->wishart_m = 0;
  BenchRng rng;
  bench_rng_seed(&rng, seed);
  double *alphas = problem->params;
  double *means = alphas + k;
  double *icf = means + k * d;
  bench_rng_fill_normal(&rng, alphas, k);
  bench_rng_fill_uniform(&rng, means, (long)k * d, 0.0, 1.0);
  bench_rng_fill_normal(&rng, icf, (long)k * d * (d + 1) / 2);
  bench_rng_fill_normal(&rng, in->x, (long)n * d);
  snprintf(problem->origin, sizeof problem->origin,
           "generated d=%d K=%d n=%d seed=%llu", d, k, n, seed);
}
