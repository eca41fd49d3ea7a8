//===- bench_golden.c - Published reference values of the objectives -----===//

#include "bench_golden.h"

#include "bench_problem.h"
#include "gmm.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The values agree to rounding: the summation order differs from the
 * implementation that produced them. */
static const double kGoldenTolerance = 1e-12;

static int check_value(FILE *out, const char *what, double value,
                       double expected) {
  double rel = fabs(value - expected) / fabs(expected);
  int ok = rel <= kGoldenTolerance;
  fprintf(out, "golden %-28s %.17g expected %.17g: %s\n", what, value, expected,
          ok ? "ok" : "MISMATCH");
  return ok ? 0 : 1;
}

/* ADBench's unit test values for gmm/test.txt (d=2, K=3, n=1). */
static int check_gmm(const char *data_dir, FILE *out) {
  char path[4096];
  snprintf(path, sizeof path, "%s/gmm/test.txt", data_dir);
  BenchProblem problem = {0};
  if (gmm_problem_load(&problem, path) != 0)
    return 1;
  double *grad = (double *)calloc((size_t)problem.num_params, sizeof(double));
  problem.hand_gradient(problem.input, problem.params, grad);
  int failures = check_value(out, "gmm objective",
                             problem.primal(problem.input, problem.params),
                             8.07380408004975791) +
                 check_value(out, "gmm gradient[0] (hand)", grad[0],
                             1.08662855508652456e-01);
  if (problem.engine->gradient) {
    problem.engine->gradient(problem.input, problem.params, grad);
    failures += check_value(out, "gmm gradient[0] (qgrad)", grad[0],
                            1.08662855508652456e-01);
  }
  free(grad);
  bench_problem_destroy(&problem);
  return failures;
}

int bench_check_golden(const char *data_dir, FILE *out) {
  return check_gmm(data_dir, out);
}
