/*===- bench_objectives.h - The table of benchmarked objectives -----------===*/
#ifndef QGRAD_BENCH_AD_BENCH_OBJECTIVES_H
#define QGRAD_BENCH_AD_BENCH_OBJECTIVES_H

#include "bench_problem.h"

typedef enum BenchSize { kBenchSmall, kBenchFull } BenchSize;

typedef struct BenchObjective {
  const char *name;
  const char *data_file; /* relative to the ADBench data directory */
  int (*load)(BenchProblem *problem, const char *path);
  void (*generate)(BenchProblem *problem, BenchSize size);
} BenchObjective;

extern const BenchObjective bench_objectives[];
extern const int bench_num_objectives;

#endif
