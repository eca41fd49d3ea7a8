/*===- bench_measure.h - Timing and cross-checking one objective ----------===*/
#ifndef QGRAD_BENCH_AD_BENCH_MEASURE_H
#define QGRAD_BENCH_AD_BENCH_MEASURE_H

#include "bench_problem.h"

/* AD gradients (ours, hand-written, ADOL-C) must agree to this. */
#define BENCH_AD_TOLERANCE 1e-10
/* Central differences agree with them only to truncation and rounding. */
#define BENCH_FD_TOLERANCE 1e-5

typedef struct BenchOptions {
  int timing;               /* 0: correctness only, nothing is timed */
  double min_batch_seconds; /* each timed batch lasts at least this */
  int repetitions;          /* batches per measurement, the fastest wins */
  int fd_components;        /* finite-differenced components, <= 0: all */
} BenchOptions;

typedef struct BenchResult {
  const char *name;
  const char *origin;
  int num_params;
  double objective;
  /* Seconds per call; NAN when not measured. */
  double primal_s, qgrad_s, hand_s, adolc_s, adolc_record_s, fd_s;
  /* Forward mode, one tangent: ours (__enzyme_fwddiff) and ADOL-C's
   * fos_forward, seconds per call; NAN when not measured. */
  double forward_s, adolc_forward_s;
  /* Hessian-vector products: ours (forward over reverse) and ADOL-C's
   * hess_vec, seconds per call; NAN when not measured. */
  double hvp_s, adolc_hvp_s;
  /* Vector forward mode, BENCH_LANES tangents per call: ours (enzyme_width)
   * and ADOL-C's fov_forward, seconds per call; NAN when not measured. */
  double vector_s, adolc_vector_s;
  int fd_components;              /* fd_s is extrapolated when < num_params */
  const char *engine_unavailable; /* NULL when the engine built */
  int adolc_spilled;
  /* Relative differences (see bench_max_rel_diff); NAN when not computed. */
  double qgrad_vs_hand, adolc_vs_hand, qgrad_vs_adolc, fd_vs_hand;
  /* Forward-mode directional derivatives against hand gradient . direction. */
  double forward_vs_hand, adolc_forward_vs_hand;
  /* The largest over the lanes of vector forward mode, the same way. */
  double vector_vs_hand, adolc_vector_vs_hand;
  /* Hessian-vector products: ours against ADOL-C's, and ours against
   * central differences of the hand gradient along the direction. */
  double hvp_vs_adolc, hvp_vs_fd;
  int agree;
} BenchResult;

/* Computes every gradient, compares them, and times them when asked. */
void bench_measure(const BenchProblem *problem, short adolc_tag,
                   const BenchOptions *options, BenchResult *result);

#endif
