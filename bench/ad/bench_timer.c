//===- bench_timer.c - Repeated CPU-time measurement on one thread -------===//

#include "bench_timer.h"

#include <stdlib.h>
#include <time.h>

double bench_now_seconds(void) {
  // The thread's CPU time: on a shared machine the time spent descheduled
  // while others run is not the code's cost.
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

double bench_wall_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static double time_batch(const BenchTimedWork *item, long calls) {
  double start = bench_now_seconds();
  for (long i = 0; i < calls; ++i)
    item->work(item->context);
  return bench_now_seconds() - start;
}

/* The number of calls whose batch lasts at least `min_batch_seconds`, and the
 * per-call time of that batch. */
static long calibrate(const BenchTimedWork *item, double min_batch_seconds,
                      double *per_call) {
  long calls = 1;
  double elapsed = time_batch(item, calls);
  while (elapsed < min_batch_seconds) {
    // Aim straight past the target: the calls are warm, so the first
    // batch's time per call is a good estimate.
    long scale =
        elapsed > 0.0 ? (long)(1.2 * min_batch_seconds / elapsed) : 1000;
    calls *= scale < 2 ? 2 : (scale > 1000 ? 1000 : scale);
    elapsed = time_batch(item, calls);
  }
  *per_call = elapsed / (double)calls;
  return calls;
}

void bench_time_interleaved(BenchTimedWork *items, int count,
                            double min_batch_seconds, int repetitions) {
  long *calls = (long *)malloc(sizeof(long) * (size_t)count);
  for (int i = 0; i < count; ++i)
    calls[i] =
        calibrate(&items[i], min_batch_seconds, &items[i].seconds_per_call);
  for (int r = 1; r < repetitions; ++r)
    for (int i = 0; i < count; ++i) {
      double per_call = time_batch(&items[i], calls[i]) / (double)calls[i];
      if (per_call < items[i].seconds_per_call)
        items[i].seconds_per_call = per_call;
    }
  free(calls);
}
