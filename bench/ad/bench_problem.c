//===- bench_problem.c - One differentiable objective under benchmark ----===//

#include "bench_problem.h"

#include <stdlib.h>
#include <string.h>

void bench_problem_init(BenchProblem *problem, const BenchObjectiveFns *fns,
                        void *input, int num_params) {
  memset(problem, 0, sizeof *problem);
  problem->name = fns->name;
  problem->num_params = num_params;
  problem->params = (double *)calloc((size_t)num_params, sizeof(double));
  problem->input = input;
  problem->primal = fns->primal;
  problem->hand_gradient = fns->hand_gradient;
  problem->adolc_record = fns->adolc_record;
  problem->engine = fns->engine;
  problem->destroy_input = fns->destroy_input;
}

void bench_problem_destroy(BenchProblem *problem) {
  if (problem->input && problem->destroy_input)
    problem->destroy_input(problem->input);
  free(problem->params);
  problem->input = NULL;
  problem->params = NULL;
}
