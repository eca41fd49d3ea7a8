/*===- bench_timer.h - Repeated CPU-time measurement on one thread --------===*/
#ifndef QGRAD_BENCH_AD_BENCH_TIMER_H
#define QGRAD_BENCH_AD_BENCH_TIMER_H

typedef void (*BenchWorkFn)(void *context);

/* The calling thread's CPU time in seconds. */
double bench_now_seconds(void);
/* Wall-clock seconds from an arbitrary origin. */
double bench_wall_seconds(void);

typedef struct BenchTimedWork {
  BenchWorkFn work;
  void *context;
  double seconds_per_call; /* the result */
} BenchTimedWork;

/* Seconds per call of each work item. Each item's calls are batched until a
 * batch lasts at least `min_batch_seconds`; then `repetitions` rounds time
 * one batch of every item in turn, and each item keeps its fastest batch.
 * Interleaving the items exposes them to the same load from other work on
 * the machine, so their ratios stay comparable while that load changes. */
void bench_time_interleaved(BenchTimedWork *items, int count,
                            double min_batch_seconds, int repetitions);

#endif
