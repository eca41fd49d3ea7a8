/*===- bench_real_c.h - The objectives' scalar type in C ------------------===*
 *
 * The objective kernels (*_objective.inc) are written once over BENCH_REAL;
 * this header instantiates them for double in the C translation units.
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_BENCH_AD_BENCH_REAL_C_H
#define QGRAD_BENCH_AD_BENCH_REAL_C_H

#include <math.h>
#include <stdlib.h>

#define BENCH_REAL double
#define BENCH_ALLOC(count) ((double *)malloc(sizeof(double) * (size_t)(count)))
#define BENCH_FREE(ptr) free(ptr)

#endif
