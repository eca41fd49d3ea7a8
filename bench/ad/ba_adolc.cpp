//===- ba_adolc.cpp - The BA objective on an ADOL-C tape ------------------===//

#include "ba.h"

#include "bench_adolc.h"
#include "bench_real_adolc.h"

namespace {
#include "ba_objective.inc"
} // namespace

void ba_adolc_record(const void *opaque, const double *params, short tag) {
  const BaInput *in = static_cast<const BaInput *>(opaque);
  int num_params = ba_num_params(in);
  bench_adolc_trace_on(tag, 120.0 * in->p + 4.0 * num_params);
  {
    adouble *active = new adouble[num_params];
    for (int i = 0; i < num_params; ++i)
      active[i] <<= params[i];
    adouble *points = active + kBaCameraSize * in->n;
    adouble err = ba_objective_kernel(in->p, active, points, points + 3 * in->m,
                                      in->obs, in->feats);
    double value;
    err >>= value;
    delete[] active;
  }
  trace_off();
}
