/*===- bench_golden.h - Published reference values of the objectives -----===*/
#ifndef QGRAD_BENCH_AD_BENCH_GOLDEN_H
#define QGRAD_BENCH_AD_BENCH_GOLDEN_H

#include <stdio.h>

/* Checks the objectives against ADBench's published values for its small
 * test inputs under `data_dir`. Returns the number of mismatches; prints
 * one line per check to `out`. */
int bench_check_golden(const char *data_dir, FILE *out);

#endif
