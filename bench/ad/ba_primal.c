//===- ba_primal.c - The BA objective in double ---------------------------===//

#include "ba.h"

#include "bench_real_c.h"

#include "ba_objective.inc"

int ba_num_params(const BaInput *input) {
  return kBaCameraSize * input->n + 3 * input->m + input->p;
}

double ba_primal(const void *opaque, const double *params) {
  const BaInput *in = (const BaInput *)opaque;
  const double *points = params + kBaCameraSize * in->n;
  const double *weights = points + 3 * in->m;
  return ba_objective_kernel(in->p, params, points, weights, in->obs,
                             in->feats);
}
