//===- lstm_primal.c - The LSTM objective in double -----------------------===//

#include "lstm.h"

#include "bench_real_c.h"

#include "lstm_objective.inc"

int lstm_num_params(const LstmInput *input) {
  return 8 * input->l * input->b + 3 * input->b;
}

double lstm_primal(const void *opaque, const double *params) {
  const LstmInput *in = (const LstmInput *)opaque;
  return lstm_objective_kernel(in->l, in->c, in->b, params,
                               params + 8 * in->l * in->b, in->state,
                               in->sequence);
}
