//===- bench_problem.c - One differentiable objective under benchmark ----===//

#include "bench_problem.h"

#include <stdlib.h>

void bench_problem_destroy(BenchProblem *problem) {
  if (problem->input && problem->destroy_input)
    problem->destroy_input(problem->input);
  free(problem->params);
  problem->input = NULL;
  problem->params = NULL;
}
