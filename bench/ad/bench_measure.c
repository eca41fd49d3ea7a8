//===- bench_measure.c - Timing and cross-checking one objective ---------===//

#include "bench_measure.h"

#include "bench_adolc.h"
#include "bench_compare.h"
#include "bench_timer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Differences below this fraction of the gradient's largest entry are
 * rounding noise in components that cancel to almost zero. */
static const double kRelativeFloor = 1e-6;
/* The relative finite-difference step: with Richardson extrapolation it
 * balances truncation and rounding on every objective here. */
static const double kFdStep = 3e-4;
/* hess_vec's tape: the gradient's tag plus this. */
static const short kHvpTagOffset = 100;

typedef struct TimedCall {
  const BenchProblem *problem;
  BenchGradientFn gradient; /* NULL: time the primal */
  short adolc_tag;          /* > 0: time ADOL-C's gradient() */
  double *grad;
  double sink;
  /* Non-NULL: time a directional derivative along it instead (ours with
   * `directional`, else ADOL-C's fos_forward on adolc_tag), or with
   * `hvp`, a Hessian-vector product (ours with hessian_vector, else
   * ADOL-C's hess_vec). */
  const double *direction;
  BenchDirectionalFn directional;
  int hvp;
  BenchHessianVectorFn hessian_vector;
  double *product;
  /* Non-NULL: time BENCH_LANES directional derivatives at once along these
   * (ours with `lanes`, else ADOL-C's fov_forward), into product. */
  const double *directions;
  BenchDirectionsFn lanes;
} TimedCall;

static void run_timed_call(void *opaque) {
  TimedCall *call = (TimedCall *)opaque;
  const BenchProblem *p = call->problem;
  if (call->directions && call->lanes)
    call->lanes(p->input, p->params, call->directions, call->product);
  else if (call->directions)
    bench_adolc_directions(call->adolc_tag, p->num_params, p->params,
                           call->directions, BENCH_LANES, call->product);
  else if (call->hvp && call->hessian_vector)
    call->hessian_vector(p->input, p->params, call->direction, call->grad,
                         call->product);
  else if (call->hvp)
    bench_adolc_hessian_vector(call->adolc_tag, p->num_params, p->params,
                               call->direction, call->product);
  else if (call->direction && call->directional)
    call->sink += call->directional(p->input, p->params, call->direction);
  else if (call->direction)
    call->sink += bench_adolc_directional(call->adolc_tag, p->num_params,
                                          p->params, call->direction);
  else if (call->adolc_tag > 0)
    bench_adolc_gradient(call->adolc_tag, p->num_params, p->params, call->grad);
  else if (call->gradient)
    call->gradient(p->input, p->params, call->grad);
  else
    call->sink += p->primal(p->input, p->params);
}

static double *new_gradient(int count) {
  return (double *)calloc((size_t)count, sizeof(double));
}

static void check_finite_differences(const BenchProblem *p,
                                     const BenchOptions *options,
                                     const double *hand, BenchResult *r) {
  int wanted =
      options->fd_components > 0 ? options->fd_components : p->num_params;
  int *indices = (int *)malloc(sizeof(int) * (size_t)p->num_params);
  int count = bench_spread_indices(p->num_params, wanted, indices);
  double *fd = new_gradient(count);
  double *fd_half = new_gradient(count);
  double *hand_subset = new_gradient(count);
  // Plain central differences are what is timed; their second-order error
  // is too large for a check on the full objectives (7e-6 relative on BA's
  // rotations), so the check uses the extrapolation with the half step.
  double start = bench_now_seconds();
  bench_central_differences(p, indices, count, kFdStep, fd);
  double elapsed = bench_now_seconds() - start;
  bench_central_differences(p, indices, count, 0.5 * kFdStep, fd_half);
  bench_richardson(fd, fd_half, count);
  for (int i = 0; i < count; ++i)
    hand_subset[i] = hand[indices[i]];
  r->fd_components = count;
  r->fd_s = options->timing ? elapsed * p->num_params / count : NAN;
  r->fd_vs_hand = bench_max_rel_diff(fd, hand_subset, count, 1e-3);
  free(indices);
  free(fd);
  free(fd_half);
  free(hand_subset);
}

/* Times the primal and every gradient that exists, and the directional
 * derivatives, interleaved. */
static void time_all(const BenchProblem *p, short adolc_tag, short hvp_tag,
                     const BenchOptions *options, double *grad,
                     const double *direction, const double *directions,
                     double *product, BenchResult *r) {
  enum { Calls = 10 };
  TimedCall calls[Calls] = {
      {p, NULL, 0, grad, 0.0, NULL, NULL, 0, NULL, NULL, NULL, NULL},
      {p, p->hand_gradient, 0, grad, 0.0, NULL, NULL, 0, NULL, NULL, NULL,
       NULL},
      {p, NULL, adolc_tag, grad, 0.0, NULL, NULL, 0, NULL, NULL, NULL, NULL},
      {p, NULL, adolc_tag, grad, 0.0, direction, NULL, 0, NULL, NULL, NULL,
       NULL},
      {p, NULL, adolc_tag, grad, 0.0, NULL, NULL, 0, NULL, product, directions,
       NULL},
      {p, NULL, hvp_tag, grad, 0.0, direction, NULL, 1, NULL, product, NULL,
       NULL},
      {p, p->engine->gradient, 0, grad, 0.0, NULL, NULL, 0, NULL, NULL, NULL,
       NULL},
      {p, NULL, 0, grad, 0.0, direction, p->engine->directional, 0, NULL, NULL,
       NULL, NULL},
      {p, NULL, 0, grad, 0.0, NULL, NULL, 0, NULL, product, directions,
       p->engine->directions},
      {p, NULL, 0, grad, 0.0, direction, NULL, 1, p->engine->hessian_vector,
       product, NULL, NULL}};
  double *results[Calls] = {
      &r->primal_s,       &r->hand_s,      &r->adolc_s, &r->adolc_forward_s,
      &r->adolc_vector_s, &r->adolc_hvp_s, &r->qgrad_s, &r->forward_s,
      &r->vector_s,       &r->hvp_s};
  // ADOL-C's hess_vec and fov_forward are timed only where ours are: they
  // are slow on BA.
  int present[Calls] = {1,
                        1,
                        1,
                        1,
                        p->engine->directions != NULL,
                        p->engine->hessian_vector != NULL,
                        p->engine->gradient != NULL,
                        p->engine->directional != NULL,
                        p->engine->directions != NULL,
                        p->engine->hessian_vector != NULL};
  BenchTimedWork items[Calls];
  int count = 0;
  for (int i = 0; i < Calls; ++i) {
    if (!present[i])
      continue;
    items[count] = (BenchTimedWork){run_timed_call, &calls[i], NAN};
    results[count++] = results[i];
  }
  bench_time_interleaved(items, count, options->min_batch_seconds,
                         options->repetitions);
  for (int i = 0; i < count; ++i)
    *results[i] = items[i].seconds_per_call;
}

/* A fixed direction with entries in [-1, 1], the same for every tool; seed
 * picks one of several. */
static double *new_direction(int count, unsigned seed) {
  double *direction = new_gradient(count);
  unsigned state = 12345u + seed;
  for (int i = 0; i < count; ++i) {
    state = state * 1103515245u + 12345u;
    direction[i] = ((state >> 8) & 0xffff) / 32767.5 - 1.0;
  }
  return direction;
}

static double dot(const double *a, const double *b, int count) {
  double sum = 0.0;
  for (int i = 0; i < count; ++i)
    sum += a[i] * b[i];
  return sum;
}

static double relative_difference(double got, double want) {
  return fabs(got - want) / fmax(fabs(want), 1e-300);
}

/* Fills directions with BENCH_LANES fixed directions and checks each lane
 * of ours and of ADOL-C's fov_forward against hand gradient . direction. */
static void check_directions(const BenchProblem *p, short adolc_tag,
                             const double *hand, double *directions,
                             BenchResult *r) {
  int n = p->num_params;
  double ours[BENCH_LANES], adolc[BENCH_LANES];
  for (int lane = 0; lane < BENCH_LANES; ++lane) {
    double *one = new_direction(n, 1000u * (unsigned)(lane + 1));
    memcpy(directions + lane * n, one, sizeof(double) * (size_t)n);
    free(one);
  }
  p->engine->directions(p->input, p->params, directions, ours);
  bench_adolc_directions(adolc_tag, n, p->params, directions, BENCH_LANES,
                         adolc);
  r->vector_vs_hand = r->adolc_vector_vs_hand = 0.0;
  for (int lane = 0; lane < BENCH_LANES; ++lane) {
    double along = dot(hand, directions + lane * n, n);
    r->vector_vs_hand =
        fmax(r->vector_vs_hand, relative_difference(ours[lane], along));
    r->adolc_vector_vs_hand =
        fmax(r->adolc_vector_vs_hand, relative_difference(adolc[lane], along));
  }
}

/* Ours against ADOL-C's hess_vec and against central differences of the
 * hand gradient along the direction (step 1e-6 times the largest entry). */
static void check_hessian_vector(const BenchProblem *p, short adolc_tag,
                                 const double *direction, double *grad,
                                 double *product, BenchResult *r) {
  int n = p->num_params;
  double *adolc = new_gradient(n), *fd = new_gradient(n);
  double *probe = new_gradient(n), *up = new_gradient(n),
         *down = new_gradient(n);
  p->engine->hessian_vector(p->input, p->params, direction, grad, product);
  bench_adolc_hessian_vector(adolc_tag, n, p->params, direction, adolc);
  r->hvp_vs_adolc = bench_max_rel_diff(product, adolc, n, kRelativeFloor);
  double scale = 0.0;
  for (int i = 0; i < n; ++i)
    scale = fmax(scale, fabs(p->params[i]));
  double h = 1e-6 * fmax(scale, 1.0);
  for (int i = 0; i < n; ++i)
    probe[i] = p->params[i] + h * direction[i];
  p->hand_gradient(p->input, probe, up);
  for (int i = 0; i < n; ++i)
    probe[i] = p->params[i] - h * direction[i];
  p->hand_gradient(p->input, probe, down);
  for (int i = 0; i < n; ++i)
    fd[i] = (up[i] - down[i]) / (2 * h);
  r->hvp_vs_fd = bench_max_rel_diff(product, fd, n, 1e-3);
  free(adolc);
  free(fd);
  free(probe);
  free(up);
  free(down);
}

void bench_measure(const BenchProblem *p, short adolc_tag,
                   const BenchOptions *options, BenchResult *r) {
  memset(r, 0, sizeof *r);
  r->name = p->name;
  r->origin = p->origin;
  r->num_params = p->num_params;
  r->primal_s = r->hand_s = r->adolc_s = r->qgrad_s = NAN;
  r->forward_s = r->adolc_forward_s = r->hvp_s = r->adolc_hvp_s = NAN;
  r->hvp_vs_adolc = r->hvp_vs_fd = NAN;
  r->qgrad_vs_hand = r->qgrad_vs_adolc = NAN;
  r->forward_vs_hand = r->adolc_forward_vs_hand = NAN;
  r->vector_s = r->adolc_vector_s = NAN;
  r->vector_vs_hand = r->adolc_vector_vs_hand = NAN;
  r->engine_unavailable =
      p->engine->gradient ? NULL : p->engine->unavailable_reason;
  r->objective = p->primal(p->input, p->params);

  double *hand = new_gradient(p->num_params);
  double *adolc = new_gradient(p->num_params);
  double *ours = new_gradient(p->num_params);
  double *scratch = new_gradient(p->num_params);

  p->hand_gradient(p->input, p->params, hand);
  double start = bench_now_seconds();
  p->adolc_record(p->input, p->params, adolc_tag);
  r->adolc_record_s = bench_now_seconds() - start;
  r->adolc_spilled = bench_adolc_tape_spilled(adolc_tag);
  bench_adolc_gradient(adolc_tag, p->num_params, p->params, adolc);
  r->adolc_vs_hand =
      bench_max_rel_diff(adolc, hand, p->num_params, kRelativeFloor);
  if (p->engine->gradient) {
    p->engine->gradient(p->input, p->params, ours);
    r->qgrad_vs_hand =
        bench_max_rel_diff(ours, hand, p->num_params, kRelativeFloor);
    r->qgrad_vs_adolc =
        bench_max_rel_diff(ours, adolc, p->num_params, kRelativeFloor);
  }
  double *direction = new_direction(p->num_params, 0);
  double along = dot(hand, direction, p->num_params);
  r->adolc_forward_vs_hand = relative_difference(
      bench_adolc_directional(adolc_tag, p->num_params, p->params, direction),
      along);
  if (p->engine->directional)
    r->forward_vs_hand = relative_difference(
        p->engine->directional(p->input, p->params, direction), along);
  // BENCH_LANES directions, row by row, for vector forward mode.
  double *directions = NULL;
  if (p->engine->directions) {
    directions = new_gradient(BENCH_LANES * p->num_params);
    check_directions(p, adolc_tag, hand, directions, r);
  }
  double *product = new_gradient(p->num_params);
  // hess_vec runs on a tape of its own, with the Taylor buffer it needs.
  short hvp_tag = (short)(adolc_tag + kHvpTagOffset);
  if (p->engine->hessian_vector) {
    bench_adolc_set_taylor_factor(4);
    p->adolc_record(p->input, p->params, hvp_tag);
    bench_adolc_set_taylor_factor(1);
    check_hessian_vector(p, hvp_tag, direction, scratch, product, r);
  }
  if (options->timing)
    time_all(p, adolc_tag, hvp_tag, options, scratch, direction, directions,
             product, r);
  if (p->engine->hessian_vector)
    bench_adolc_release(hvp_tag);
  free(direction);
  free(directions);
  free(product);
  bench_adolc_release(adolc_tag);

  check_finite_differences(p, options, hand, r);
  // NaN comparisons are false, so a NaN difference fails the check.
  r->agree =
      r->adolc_vs_hand <= BENCH_AD_TOLERANCE &&
      r->fd_vs_hand <= BENCH_FD_TOLERANCE &&
      r->adolc_forward_vs_hand <= BENCH_AD_TOLERANCE &&
      (!p->engine->gradient || (r->qgrad_vs_hand <= BENCH_AD_TOLERANCE &&
                                r->qgrad_vs_adolc <= BENCH_AD_TOLERANCE)) &&
      (!p->engine->directional || r->forward_vs_hand <= BENCH_AD_TOLERANCE) &&
      (!p->engine->directions ||
       (r->vector_vs_hand <= BENCH_AD_TOLERANCE &&
        r->adolc_vector_vs_hand <= BENCH_AD_TOLERANCE)) &&
      (!p->engine->hessian_vector || (r->hvp_vs_adolc <= BENCH_AD_TOLERANCE &&
                                      r->hvp_vs_fd <= BENCH_FD_TOLERANCE));
  free(hand);
  free(adolc);
  free(ours);
  free(scratch);
}
