//===- bench_objectives.c - The table of benchmarked objectives ----------===//

#include "bench_objectives.h"

#include "gmm.h"

/* The seed of every generated input: the same numbers on every run. */
enum { kSeed = 20260101 };

static void generate_gmm(BenchProblem *problem, BenchSize size) {
  if (size == kBenchSmall)
    gmm_problem_generate(problem, 3, 4, 20, kSeed);
  else
    gmm_problem_generate(problem, 10, 25, 1000, kSeed);
}

const BenchObjective bench_objectives[] = {
    {"gmm", "gmm/1k/gmm_d10_K25.txt", gmm_problem_load, generate_gmm},
};
const int bench_num_objectives =
    sizeof bench_objectives / sizeof bench_objectives[0];
