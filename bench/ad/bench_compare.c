//===- bench_compare.c - Comparing gradients and finite differences ------===//

#include "bench_compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double max_magnitude(const double *values, int count) {
  double largest = 0.0;
  for (int i = 0; i < count; ++i)
    largest = fmax(largest, fabs(values[i]));
  return largest;
}

double bench_max_rel_diff(const double *a, const double *b, int count,
                          double floor_fraction) {
  double floor_value =
      floor_fraction * fmax(max_magnitude(a, count), max_magnitude(b, count));
  double worst = 0.0;
  for (int i = 0; i < count; ++i) {
    double diff = fabs(a[i] - b[i]);
    if (diff == 0.0)
      continue;
    double scale = fmax(fmax(fabs(a[i]), fabs(b[i])), floor_value);
    // A NaN on either side must count as a mismatch, never as agreement.
    double rel = scale > 0.0 ? diff / scale : INFINITY;
    if (!(rel <= worst))
      worst = isnan(rel) ? INFINITY : rel;
  }
  return worst;
}

void bench_central_differences(const BenchProblem *problem, const int *indices,
                               int count, double relative_step, double *fd) {
  double *x = (double *)malloc(sizeof(double) * (size_t)problem->num_params);
  memcpy(x, problem->params, sizeof(double) * (size_t)problem->num_params);
  for (int i = 0; i < count; ++i) {
    int j = indices[i];
    double original = x[j];
    double step = relative_step * fmax(1.0, fabs(original));
    x[j] = original + step;
    double forward = problem->primal(problem->input, x);
    x[j] = original - step;
    double backward = problem->primal(problem->input, x);
    x[j] = original;
    fd[i] = (forward - backward) / (2.0 * step);
  }
  free(x);
}

void bench_richardson(double *fd_h, const double *fd_half, int count) {
  for (int i = 0; i < count; ++i)
    fd_h[i] = (4.0 * fd_half[i] - fd_h[i]) / 3.0;
}

int bench_spread_indices(int num_params, int count, int *indices) {
  if (count > num_params)
    count = num_params;
  for (int i = 0; i < count; ++i)
    indices[i] = (int)((long long)i * num_params / count);
  return count;
}

typedef struct CompareCase {
  const char *what;
  double a[3], b[3];
  int must_fail;
} CompareCase;

int bench_compare_self_test(double tolerance) {
  const CompareCase cases[] = {
      {"equal", {1.0, -2.0, 0.0}, {1.0, -2.0, 0.0}, 0},
      {"rounding", {1.0, -2.0, 3.0}, {1.0 + 1e-15, -2.0, 3.0}, 0},
      {"perturbed", {1.0, -2.0, 3.0}, {1.0, -2.0 * (1.0 + 1e-8), 3.0}, 1},
      {"NaN", {1.0, NAN, 3.0}, {1.0, 2.0, 3.0}, 1},
      {"zero gradient", {0.0, 0.0, 0.0}, {1.0, 2.0, 3.0}, 1},
      {"sign", {1.0, 2.0, 3.0}, {1.0, 2.0, -3.0}, 1},
  };
  int failures = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    const CompareCase *c = &cases[i];
    int flagged = !(bench_max_rel_diff(c->a, c->b, 3, 1e-6) <= tolerance);
    if (flagged != c->must_fail) {
      fprintf(stderr, "comparison self-test: '%s' was %s\n", c->what,
              flagged ? "flagged" : "not flagged");
      ++failures;
    }
  }
  return failures;
}
