/*===- bench_report.h - The benchmark's text and JSON output --------------===*/
#ifndef QGRAD_BENCH_AD_BENCH_REPORT_H
#define QGRAD_BENCH_AD_BENCH_REPORT_H

#include "bench_measure.h"

#include <stdio.h>

void bench_report_text(FILE *out, const BenchResult *results, int count,
                       const BenchOptions *options);
/* One JSON object; gmm_grad_over_primal and adolc_over_ours are GMM's. */
void bench_report_json(FILE *out, const BenchResult *results, int count,
                       const BenchOptions *options);

#endif
