/*===- ba.h - ADBench's bundle adjustment objective -----------------------===*
 *
 * n cameras see m points in p observations. A camera is 11 numbers: the
 * rotation as an angle-axis vector (3), the centre (3), the focal length,
 * the principal point (2) and two radial distortion coefficients. Each
 * observation i has a weight w_i and residuals w_i (project(cam, X) - feat);
 * each weight also has the residual 1 - w_i^2. ADBench measures the Jacobian
 * of these residuals; a gradient needs a scalar, so the objective here is
 * the least-squares cost 0.5 |r|^2, whose gradient J^T r is one reverse
 * sweep over the same residuals. The parameters are one flat vector:
 * cams[n][11], X[m][3], w[p].
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_BENCH_AD_BA_H
#define QGRAD_BENCH_AD_BA_H

#include "bench_problem.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { kBaCameraSize = 11 };

typedef struct BaInput {
  int n, m, p;
  int *obs;      /* p pairs (camera, point) */
  double *feats; /* p 2-D features */
} BaInput;

int ba_num_params(const BaInput *input);

int ba_problem_load(BenchProblem *problem, const char *path);
void ba_problem_generate(BenchProblem *problem, int n, int m, int p,
                         unsigned long long seed);

double ba_primal(const void *input, const double *params);
void ba_hand_gradient(const void *input, const double *params, double *grad);
void ba_adolc_record(const void *input, const double *params, short tag);
extern const BenchEngineEntry ba_engine;

#ifdef __cplusplus
}
#endif

#endif
