/*===- gmm.h - ADBench's Gaussian mixture model objective -----------------===*
 *
 * The log-likelihood of n points under a K-component Gaussian mixture in d
 * dimensions, plus a Wishart prior. Each precision factor is Q_k =
 * diag(exp(q_k)) + L_k with L_k strictly lower triangular. The parameters are
 * one flat vector: alphas[K], means[K][d], icf[K][d(d+1)/2] where icf holds
 * q_k and then L_k's entries column by column.
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_BENCH_AD_GMM_H
#define QGRAD_BENCH_AD_GMM_H

#include "bench_problem.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct GmmInput {
  int d, k, n;
  double *x; /* n points of d coordinates */
  double wishart_gamma;
  int wishart_m;
} GmmInput;

int gmm_num_params(const GmmInput *input);

/* Fill `problem` from an ADBench GMM file, or from the generator. Return 0,
 * or print an error naming the file position and return -1. */
int gmm_problem_load(BenchProblem *problem, const char *path);
void gmm_problem_generate(BenchProblem *problem, int d, int k, int n,
                          unsigned long long seed);

double gmm_primal(const void *input, const double *params);
void gmm_hand_gradient(const void *input, const double *params, double *grad);
void gmm_adolc_record(const void *input, const double *params, short tag);
extern const BenchEngineEntry gmm_engine;

#ifdef __cplusplus
}
#endif

#endif
