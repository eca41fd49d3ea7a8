/*===- bench_reader.h - Reading ADBench's whitespace-separated inputs -----===*
 *
 * Numbers are read one at a time while tracking line and column, so a
 * malformed file is reported as path:line:col and never read as garbage.
 *===----------------------------------------------------------------------===*/
#ifndef QGRAD_BENCH_AD_BENCH_READER_H
#define QGRAD_BENCH_AD_BENCH_READER_H

#include "bench_problem.h"

#include <stdio.h>

typedef struct BenchReader {
  FILE *file;
  const char *path;
  int line;
  int column;
} BenchReader;

/* Returns 0, or prints "path: error: ..." and returns -1. */
int bench_reader_open(BenchReader *reader, const char *path);
void bench_reader_close(BenchReader *reader);
/* Each returns 0, or prints "path:line:col: error: ..." and returns -1. */
int bench_read_double(BenchReader *reader, double *value);
int bench_read_doubles(BenchReader *reader, double *values, long count);
/* Reads an integer in [min_value, max_value]. */
int bench_read_int(BenchReader *reader, int *value, int min_value,
                   int max_value);

/* Opens an ADBench file and reads its header of three sizes, size i in
 * [min_size[i], max_size[i]]. Returns 0, or reports and returns -1. */
int bench_reader_open_sizes(BenchReader *reader, const char *path, int *sizes,
                            const int *min_size, const int *max_size);
/* Ends loading `problem` from `reader`: when `ok`, records the file as the
 * problem's origin, otherwise frees the problem. Returns 0 when ok, else -1. */
int bench_reader_finish(BenchReader *reader, BenchProblem *problem, int ok);

#endif
