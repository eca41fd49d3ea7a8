/*===- bench_report.h - The benchmark's text and JSON output --------------===*/
#ifndef QGRAD_BENCH_AD_BENCH_REPORT_H
#define QGRAD_BENCH_AD_BENCH_REPORT_H

#include "bench_measure.h"

#include <stdio.h>

/* `wall_seconds` is how long the whole run took. */
void bench_report_text(FILE *out, const BenchResult *results, int count,
                       const BenchOptions *options, double wall_seconds);
/* One JSON object; gmm_grad_over_primal and adolc_over_ours are GMM's. */
void bench_report_json(FILE *out, const BenchResult *results, int count,
                       const BenchOptions *options, double wall_seconds);

#endif
