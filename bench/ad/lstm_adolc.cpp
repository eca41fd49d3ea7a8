//===- lstm_adolc.cpp - The LSTM objective on an ADOL-C tape --------------===//

#include "lstm.h"

#include "bench_adolc.h"
#include "bench_real_adolc.h"

namespace {
#include "lstm_objective.inc"
} // namespace

void lstm_adolc_record(const void *opaque, const double *params, short tag) {
  const LstmInput *in = static_cast<const LstmInput *>(opaque);
  int num_params = lstm_num_params(in);
  bench_adolc_trace_on(tag, 40.0 * in->c * in->l * in->b + 4.0 * num_params);
  {
    adouble *active = new adouble[num_params];
    for (int i = 0; i < num_params; ++i)
      active[i] <<= params[i];
    adouble err = lstm_objective_kernel(in->l, in->c, in->b, active,
                                        active + 8 * in->l * in->b, in->state,
                                        in->sequence);
    double value;
    err >>= value;
    delete[] active;
  }
  trace_off();
}
