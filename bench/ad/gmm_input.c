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

static void fill_problem(BenchProblem *problem, GmmInput *in) {
  problem->name = "gmm";
  problem->num_params = gmm_num_params(in);
  problem->params =
      (double *)calloc((size_t)problem->num_params, sizeof(double));
  problem->input = in;
  problem->primal = gmm_primal;
  problem->hand_gradient = gmm_hand_gradient;
  problem->adolc_record = gmm_adolc_record;
  problem->engine = &gmm_engine;
  problem->destroy_input = destroy_gmm_input;
}

/* The file holds alphas, means and icf in the flat parameter order. */
int gmm_problem_load(BenchProblem *problem, const char *path) {
  BenchReader reader;
  problem->params = NULL;
  if (bench_reader_open(&reader, path) != 0)
    return -1;
  GmmInput *in = (GmmInput *)calloc(1, sizeof(GmmInput));
  int status = -1;
  if (bench_read_int(&reader, &in->d, 1, 1000) != 0 ||
      bench_read_int(&reader, &in->k, 1, 1000) != 0 ||
      bench_read_int(&reader, &in->n, 1, 100000000) != 0)
    goto fail;
  fill_problem(problem, in);
  in->x = (double *)malloc(sizeof(double) * (size_t)in->n * (size_t)in->d);
  if (bench_read_doubles(&reader, problem->params, problem->num_params) != 0 ||
      bench_read_doubles(&reader, in->x, (long)in->n * in->d) != 0 ||
      bench_read_double(&reader, &in->wishart_gamma) != 0 ||
      bench_read_int(&reader, &in->wishart_m, 0, 1000000) != 0)
    goto fail;
  snprintf(problem->origin, sizeof problem->origin, "%s", path);
  status = 0;
fail:
  bench_reader_close(&reader);
  if (status != 0) {
    free(problem->params);
    problem->params = NULL;
    destroy_gmm_input(in);
  }
  return status;
}

void gmm_problem_generate(BenchProblem *problem, int d, int k, int n,
                          unsigned long long seed) {
  GmmInput *in = (GmmInput *)calloc(1, sizeof(GmmInput));
  in->d = d;
  in->k = k;
  in->n = n;
  in->wishart_gamma = 1.0;
  in->wishart_m = 0;
  in->x = (double *)malloc(sizeof(double) * (size_t)n * (size_t)d);
  fill_problem(problem, in);
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
