//===- bench_timer.c - Repeated CPU-time measurement on one thread -------===//

#include "bench_timer.h"

#include <time.h>

double bench_now_seconds(void) {
  // The thread's CPU time: on a shared machine the time spent descheduled
  // while others run is not the code's cost.
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

static double time_batch(BenchWorkFn work, void *context, long calls) {
  double start = bench_now_seconds();
  for (long i = 0; i < calls; ++i)
    work(context);
  return bench_now_seconds() - start;
}

double bench_time_per_call(BenchWorkFn work, void *context,
                           double min_batch_seconds, int repetitions) {
  // Calibrate: double the batch until it is long enough to time.
  long calls = 1;
  double elapsed = time_batch(work, context, calls);
  while (elapsed < min_batch_seconds) {
    long scale = elapsed > 0.0 ? (long)(1.2 * min_batch_seconds / elapsed) : 2;
    calls *= scale < 2 ? 2 : (scale > 100 ? 100 : scale);
    elapsed = time_batch(work, context, calls);
  }
  double best = elapsed / (double)calls;
  for (int r = 1; r < repetitions; ++r) {
    double per_call = time_batch(work, context, calls) / (double)calls;
    if (per_call < best)
      best = per_call;
  }
  return best;
}
