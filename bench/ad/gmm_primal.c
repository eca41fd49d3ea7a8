//===- gmm_primal.c - The GMM objective in double -------------------------===//

#include "gmm.h"

#include "bench_real_c.h"

#include "gmm_objective.inc"

int gmm_num_params(const GmmInput *input) {
  return input->k * (input->d + 1) * (input->d + 2) / 2;
}

double gmm_primal(const void *opaque, const double *params) {
  const GmmInput *in = (const GmmInput *)opaque;
  const double *means = params + in->k;
  const double *icf = means + in->k * in->d;
  return gmm_objective_kernel(in->d, in->k, in->n, params, means, icf, in->x,
                              in->wishart_gamma, in->wishart_m);
}
