/*===- bench_adolc.h - ADOL-C's taped gradient, shared by the objectives --===*
 *
 * ADOL-C is used as ADBench uses it: the objective is recorded on a tape once
 * at the evaluation point, then gradient() replays the tape forward and in
 * reverse each time it is timed.
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_BENCH_AD_BENCH_ADOLC_H
#define QGRAD_BENCH_AD_BENCH_ADOLC_H

#ifdef __cplusplus
extern "C" {
#endif

/* Returns 0, or -1 when ADOL-C reports an error. */
int bench_adolc_gradient(short tag, int num_params, const double *params,
                         double *grad);
/* The derivative along `direction` by one first-order forward sweep
 * (fos_forward); NAN when ADOL-C reports an error. */
double bench_adolc_directional(short tag, int num_params, const double *params,
                               const double *direction);
/* The derivatives along `lanes` directions (row by row, num_params each)
 * into out by one vector forward sweep (fov_forward); 0, or -1 on an
 * ADOL-C error. */
int bench_adolc_directions(short tag, int num_params, const double *params,
                           const double *directions, int lanes, double *out);
/* The Hessian-vector product along `direction` (hess_vec: forward over
 * reverse on the tape); 0, or -1 on an ADOL-C error. */
int bench_adolc_hessian_vector(short tag, int num_params, const double *params,
                               const double *direction, double *product);
/* The Taylor buffer of tapes recorded from now on, in multiples of the
 * operation count (1 by default). hess_vec keeps second-order coefficients
 * and needs 4: with less, ADOL-C writes them to ADOLC-Taylors_*.tap in the
 * working directory and its time measures the disk; gradient() is slower
 * with the larger buffer, so it keeps a tape of its own. */
void bench_adolc_set_taylor_factor(unsigned factor);
/* Whether the tape had to spill to files (which would slow gradient()). */
int bench_adolc_tape_spilled(short tag);
void bench_adolc_release(short tag);

#ifdef __cplusplus
}

/* Starts recording with buffers large enough for `estimated_operations`, so
 * the tape stays in memory. */
void bench_adolc_trace_on(short tag, double estimated_operations);
#endif

#endif
