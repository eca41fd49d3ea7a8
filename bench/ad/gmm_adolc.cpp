//===- gmm_adolc.cpp - The GMM objective on an ADOL-C tape ----------------===//

#include "gmm.h"

#include "bench_adolc.h"
#include "bench_real_adolc.h"

namespace {
#include "gmm_objective.inc"
} // namespace

void gmm_adolc_record(const void *opaque, const double *params, short tag) {
  const GmmInput *in = static_cast<const GmmInput *>(opaque);
  int d = in->d, k = in->k, num_params = gmm_num_params(in);
  double per_term = d * (d + 1) / 2.0 + 4.0 * d + 8.0;
  bench_adolc_trace_on(tag, (double)in->n * k * per_term + 4.0 * num_params);
  {
    adouble *active = new adouble[num_params];
    for (int i = 0; i < num_params; ++i)
      active[i] <<= params[i];
    adouble err = gmm_objective_kernel(d, k, in->n, active, active + k,
                                       active + k + k * d, in->x,
                                       in->wishart_gamma, in->wishart_m);
    double value;
    err >>= value;
    delete[] active;
  }
  trace_off();
}
