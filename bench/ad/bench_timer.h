/*===- bench_timer.h - Repeated CPU-time measurement on one thread --------===*/
#ifndef QGRAD_BENCH_AD_BENCH_TIMER_H
#define QGRAD_BENCH_AD_BENCH_TIMER_H

typedef void (*BenchWorkFn)(void *context);

/* The calling thread's CPU time in seconds. */
double bench_now_seconds(void);

/* Seconds per call of `work`: calls are batched until a batch lasts at least
 * `min_batch_seconds`, and the fastest of `repetitions` batches is reported
 * (the minimum is the least disturbed by other load on the machine). */
double bench_time_per_call(BenchWorkFn work, void *context,
                           double min_batch_seconds, int repetitions);

#endif
