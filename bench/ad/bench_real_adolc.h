//===- bench_real_adolc.h - The objectives' scalar type for ADOL-C ------===//
//
// Instantiates the objective kernels (*_objective.inc) for ADOL-C's taped
// adouble, so ADOL-C differentiates the same source as the other tools.
//
//===--------------------------------------------------------------------===//
#ifndef QGRAD_BENCH_AD_BENCH_REAL_ADOLC_H
#define QGRAD_BENCH_AD_BENCH_REAL_ADOLC_H

#include <adolc/adolc.h>
#include <cmath>

#define BENCH_REAL adouble
#define BENCH_ALLOC(count) (new adouble[(size_t)(count)])
#define BENCH_FREE(ptr) (delete[] (ptr))

#endif
