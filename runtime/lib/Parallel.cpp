//===- Parallel.cpp - qgrad_rt_parallel_for -------------------------------===//
//
// Runs the iterations of a loop whose bodies are independent circuit
// evaluations (the shifted evaluations of a parameter-shift gradient) on
// several threads. Each thread runs its iterations on a worker context of
// its own, which qgrad_rt_default_context returns there, so compiled code
// needs no change to get a state per thread. Errors are collected per
// iteration and the one of the lowest iteration, the error a serial run
// would have stopped at, becomes the caller's sticky error.
//
//===----------------------------------------------------------------------===//
#include "Parallel.h"

#include "qgrad/Runtime/Kernels.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace {

thread_local qgrad_rt_context *workerOverride = nullptr;
thread_local int64_t largestAllocation = 0;
thread_local bool insideParallelFor = false;
std::atomic<int64_t> requestedThreads{0};

struct ContextDeleter {
  void operator()(qgrad_rt_context *context) const {
    qgrad_rt_context_destroy(context);
  }
};

/// The context this thread runs iterations on; it keeps its state between
/// loops (a register of fewer than 2^14 amplitudes) until the thread exits.
qgrad_rt_context *workerContext() {
  thread_local std::unique_ptr<qgrad_rt_context, ContextDeleter> context(
      qgrad_rt_context_create());
  return context.get();
}

int64_t defaultThreads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

int64_t status(qgrad_rt_context *ctx) {
  return qgrad_rt_last_error(ctx) ? QGRAD_RT_ERROR : QGRAD_RT_OK;
}

/// The lowest failing iteration and its message.
class FirstFailure {
public:
  explicit FirstFailure(int64_t n) : iteration(n), none(n) {}
  bool skips(int64_t i) const { return i > iteration.load(); }
  void record(int64_t i, const char *text) {
    std::lock_guard<std::mutex> lock(mutex);
    if (i < iteration.load()) {
      iteration.store(i);
      message = text;
    }
  }
  void reportTo(qgrad_rt_context *ctx) {
    if (iteration.load() != none)
      qgrad_rt_fail(ctx, message.c_str());
  }

private:
  std::atomic<int64_t> iteration;
  int64_t none;
  std::mutex mutex;
  std::string message;
};

/// Iterations first .. n - 1 on `threads` threads, each with its worker
/// context as default context; iterations are handed out in increasing
/// order, so once iteration f failed every iteration below f has started
/// and every one above it can be skipped.
void runOnWorkers(int64_t first, int64_t n, int threads,
                  void (*body)(void *, int64_t), void *closure,
                  FirstFailure &failure) {
  std::atomic<int64_t> next{first};
#pragma omp parallel num_threads(threads)
  {
    bool wasInside = insideParallelFor;
    qgrad_rt_context *saved = workerOverride;
    insideParallelFor = true;
#ifdef _OPENMP
    // The kernels of an evaluation stay on this thread (they are below the
    // runtime's OpenMP threshold anyway, see qgrad_rt_parallel_for).
    omp_set_num_threads(1);
#endif
    qgrad_rt_context *worker = workerContext();
    workerOverride = worker;
    for (int64_t i = next.fetch_add(1); i < n && !failure.skips(i);
         i = next.fetch_add(1)) {
      qgrad_rt_clear_error(worker);
      body(closure, i);
      if (const char *message = qgrad_rt_last_error(worker))
        failure.record(i, message);
    }
    qgrad_rt_clear_error(worker);
    workerOverride = saved;
    insideParallelFor = wasInside;
  }
}

} // namespace

qgrad_rt_context *qgrad::rt::currentWorkerContext() { return workerOverride; }

void qgrad::rt::noteAllocation(int64_t numQubits) {
  largestAllocation = std::max(largestAllocation, numQubits);
}

extern "C" {

void qgrad_rt_set_num_threads(int64_t threads) {
  requestedThreads.store(std::max<int64_t>(threads, 0));
}

int64_t qgrad_rt_num_threads(void) {
  int64_t requested = requestedThreads.load();
  return requested > 0 ? requested : defaultThreads();
}

int64_t qgrad_rt_parallel_for(qgrad_rt_context *ctx, int64_t n,
                              void (*body)(void *closure, int64_t i),
                              void *closure) {
  if (!ctx)
    return qgrad_rt_fail(nullptr, "qgrad_rt_parallel_for: the context is null");
  if (!body)
    return qgrad_rt_fail(ctx, "qgrad_rt_parallel_for: the body is null");
  int64_t threads =
      std::min<int64_t>(qgrad_rt_num_threads(), std::max<int64_t>(n - 1, 1));
  // Iterations on the caller run on ctx.
  auto onCaller = [&](int64_t from, int64_t to) {
    qgrad_rt_context *saved = workerOverride;
    workerOverride = ctx;
    for (int64_t i = from; i < to; ++i)
      body(closure, i);
    workerOverride = saved;
  };
  auto serial = [&](int64_t from) {
    onCaller(from, n);
    return status(ctx);
  };
  // One thread, a loop inside an iteration, or a context that already
  // failed (its calls do nothing): the loop as it was compiled.
  if (threads <= 1 || insideParallelFor || qgrad_rt_last_error(ctx))
    return serial(0);

  // The first iteration runs on the caller and shows the register size.
  // From kParallelThreshold qubits the kernels split each evaluation across
  // threads themselves, and their reductions are chunked by the thread
  // count, so evaluations stay in order there (results do not depend on
  // whether the loop ran in parallel).
  int64_t savedLargest = largestAllocation;
  largestAllocation = 0;
  onCaller(0, 1);
  int64_t probed = largestAllocation;
  largestAllocation = std::max(savedLargest, probed);
  if (qgrad_rt_last_error(ctx) || probed >= qgrad::rt::kParallelThreshold)
    return serial(1);

  FirstFailure failure(n);
  runOnWorkers(1, n, static_cast<int>(threads), body, closure, failure);
  failure.reportTo(ctx);
  return status(ctx);
}

} // extern "C"
