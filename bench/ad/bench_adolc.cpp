//===- bench_adolc.cpp - ADOL-C's taped gradient, shared by the objectives ===//

#include "bench_adolc.h"

#include <adolc/adolc.h>

#include <algorithm>
#include <cmath>

static unsigned taylor_factor = 1;

void bench_adolc_set_taylor_factor(unsigned factor) { taylor_factor = factor; }

void bench_adolc_trace_on(short tag, double estimated_operations) {
  // Locations and values per operation are at most a small multiple of the
  // operation count; the margin keeps the tape from spilling to disk.
  double capped = std::min(estimated_operations * 1.5 + 65536.0, 1.0e9);
  unsigned operations = (unsigned)capped;
  trace_on(tag, 1, operations, 3 * operations, operations,
           taylor_factor * operations);
}

int bench_adolc_gradient(short tag, int num_params, const double *params,
                         double *grad) {
  return gradient(tag, num_params, params, grad) < 0 ? -1 : 0;
}

double bench_adolc_directional(short tag, int num_params, const double *params,
                               const double *direction) {
  double y = 0.0, dy = 0.0;
  // fos_forward's tangent argument is not const, but it only reads it.
  if (fos_forward(tag, 1, num_params, 0, params,
                  const_cast<double *>(direction), &y, &dy) < 0)
    return NAN;
  return dy;
}

int bench_adolc_directions(short tag, int num_params, const double *params,
                           const double *directions, int lanes, double *out) {
  // fov_forward takes the tangents as an n x p matrix and returns a 1 x p
  // one.
  double **tangents = myalloc2(num_params, lanes);
  double **result = myalloc2(1, lanes);
  for (int i = 0; i < num_params; ++i)
    for (int lane = 0; lane < lanes; ++lane)
      tangents[i][lane] = directions[lane * num_params + i];
  double y = 0.0;
  int status =
      fov_forward(tag, 1, num_params, lanes, params, tangents, &y, result);
  for (int lane = 0; lane < lanes; ++lane)
    out[lane] = result[0][lane];
  myfree2(tangents);
  myfree2(result);
  return status < 0 ? -1 : 0;
}

int bench_adolc_hessian_vector(short tag, int num_params, const double *params,
                               const double *direction, double *product) {
  // hess_vec's arguments are not const, but it only reads x and v.
  return hess_vec(tag, num_params, const_cast<double *>(params),
                  const_cast<double *>(direction), product) < 0
             ? -1
             : 0;
}

int bench_adolc_tape_spilled(short tag) {
  size_t stats[STAT_SIZE];
  tapestats(tag, stats);
  return stats[OP_FILE_ACCESS] || stats[LOC_FILE_ACCESS] ||
         stats[VAL_FILE_ACCESS];
}

void bench_adolc_release(short tag) {
  removeTape(tag, ADOLC_REMOVE_COMPLETELY);
}
