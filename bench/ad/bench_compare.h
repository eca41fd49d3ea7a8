/*===- bench_compare.h - Comparing gradients and finite differences -------===*/
#ifndef QGRAD_BENCH_AD_BENCH_COMPARE_H
#define QGRAD_BENCH_AD_BENCH_COMPARE_H

#include "bench_problem.h"

/* max_i |a_i - b_i| / max(|a_i|, |b_i|, floor), where floor is
 * `floor_fraction` of the larger gradient's largest magnitude: a component
 * that cancels to almost zero is compared at the gradient's scale rather
 * than its own. */
double bench_max_rel_diff(const double *a, const double *b, int count,
                          double floor_fraction);

/* Central differences of the primal with the step
 * relative_step * max(1, |x_j|) for the `count` components listed in
 * `indices`, written to fd[i] for i in 0..count. */
void bench_central_differences(const BenchProblem *problem, const int *indices,
                               int count, double relative_step, double *fd);

/* Combines central differences with steps h and h/2 into a fourth-order
 * estimate (Richardson extrapolation), in place in `fd_h`. */
void bench_richardson(double *fd_h, const double *fd_half, int count);

/* `count` indices spread evenly over [0, num_params). */
int bench_spread_indices(int num_params, int count, int *indices);

/* Checks that bench_max_rel_diff flags what it must (a perturbation above
 * the tolerance, a NaN, a zero against a non-zero) and passes rounding.
 * Returns the number of failed cases and prints each to stderr. */
int bench_compare_self_test(double tolerance);

#endif
