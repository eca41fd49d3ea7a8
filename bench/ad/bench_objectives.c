//===- bench_objectives.c - The table of benchmarked objectives ----------===//

#include "bench_objectives.h"

#include "ba.h"
#include "gmm.h"
#include "lstm.h"

/* The seed of every generated input: the same numbers on every run. */
enum { kSeed = 20260101 };

static void generate_gmm(BenchProblem *problem, BenchSize size) {
  if (size == kBenchSmall)
    gmm_problem_generate(problem, 3, 4, 20, kSeed);
  else
    gmm_problem_generate(problem, 10, 25, 1000, kSeed);
}

static void generate_ba(BenchProblem *problem, BenchSize size) {
  if (size == kBenchSmall)
    ba_problem_generate(problem, 3, 7, 20, kSeed);
  else
    ba_problem_generate(problem, 49, 7776, 31843, kSeed);
}

static void generate_lstm(BenchProblem *problem, BenchSize size) {
  if (size == kBenchSmall)
    lstm_problem_generate(problem, 2, 6, 5, kSeed);
  else
    lstm_problem_generate(problem, 2, 1024, 14, kSeed);
}

const BenchObjective bench_objectives[] = {
    {"gmm", "gmm/1k/gmm_d10_K25.txt", gmm_problem_load, generate_gmm},
    {"ba", "ba/ba1_n49_m7776_p31843.txt", ba_problem_load, generate_ba},
    {"lstm", "lstm/lstm_l2_c1024.txt", lstm_problem_load, generate_lstm},
};
const int bench_num_objectives =
    sizeof bench_objectives / sizeof bench_objectives[0];
