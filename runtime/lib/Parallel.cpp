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
// With MPI, a loop whose outputs are declared (qgrad_rt_parallel_for_outputs)
// and whose register is small enough is spread over the ranks instead: each
// rank runs a contiguous block of iterations on whole registers and the
// blocks' outputs are gathered on every rank (docs/runtime.md, "Spreading a
// gradient's evaluations over ranks").
//
//===----------------------------------------------------------------------===//
#include "Parallel.h"

#include "qgrad/Runtime/Communicator.h"
#include "qgrad/Runtime/Error.h"
#include "qgrad/Runtime/Kernels.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
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
  /// The lowest failing iteration, or n when none failed.
  int64_t first() const { return iteration.load(); }
  const std::string &text() const { return message; }
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

/// Takes iterations from `next` until n on this thread's worker context,
/// which is the default context meanwhile.
void drainOnWorker(std::atomic<int64_t> &next, int64_t n,
                   void (*body)(void *, int64_t), void *closure,
                   FirstFailure &failure) {
  bool wasInside = insideParallelFor;
  qgrad_rt_context *saved = workerOverride;
  insideParallelFor = true;
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

/// Iterations first .. n - 1 on `threads` threads, each with its worker
/// context as default context; iterations are handed out in increasing
/// order, so once iteration f failed every iteration below f has started
/// and every one above it can be skipped. With one thread they run on the
/// caller's worker context outside any parallel region, so the kernels may
/// use threads of their own.
void runOnWorkers(int64_t first, int64_t n, int threads,
                  void (*body)(void *, int64_t), void *closure,
                  FirstFailure &failure) {
  std::atomic<int64_t> next{first};
  if (threads <= 1)
    return drainOnWorker(next, n, body, closure, failure);
#pragma omp parallel num_threads(threads)
  {
#ifdef _OPENMP
    // The kernels of an evaluation stay on this thread (they are below the
    // runtime's OpenMP threshold anyway, see qgrad_rt_parallel_for).
    omp_set_num_threads(1);
#endif
    drainOnWorker(next, n, body, closure, failure);
  }
}

/// The largest register (in qubits) whose evaluations are spread over ranks:
/// QGRAD_RT_MPI_SPREAD_QUBITS, default 20 (16 MiB per evaluation in flight).
int64_t spreadQubitLimit() {
  if (const char *value = std::getenv("QGRAD_RT_MPI_SPREAD_QUBITS"))
    return std::atoll(value);
  return 20;
}

/// The regions a loop's iterations write (qgrad_rt_loop_output), packed
/// iteration after iteration for the gather.
class LoopOutputs {
public:
  LoopOutputs(const qgrad_rt_loop_output *outputs, int64_t count)
      : outputs(outputs, outputs + count) {
    for (const qgrad_rt_loop_output &out : this->outputs)
      perIteration += out.count;
  }
  /// Doubles one iteration writes.
  int64_t size() const { return perIteration; }
  void pack(int64_t i, double *to) const {
    for (const qgrad_rt_loop_output &out : outputs)
      for (int64_t e = 0; e < out.count; ++e)
        *to++ = out.base[i * out.iteration_stride + e * out.stride];
  }
  void unpack(int64_t i, const double *from) const {
    for (const qgrad_rt_loop_output &out : outputs)
      for (int64_t e = 0; e < out.count; ++e)
        out.base[i * out.iteration_stride + e * out.stride] = *from++;
  }

private:
  std::vector<qgrad_rt_loop_output> outputs;
  int64_t perIteration = 0;
};

/// Rank r runs iterations [r * block, (r + 1) * block) on whole registers,
/// then every rank receives every block's outputs, or every rank records
/// the error of the lowest failing iteration. Every step is a collective
/// every rank reaches, so one rank's failure cannot leave the others
/// waiting.
void spreadOverRanks(qgrad_rt_context *ctx, qgrad::rt::Communicator &comm,
                     int64_t n, int64_t qubits, void (*body)(void *, int64_t),
                     void *closure, const LoopOutputs &outputs) {
  int64_t ranks = comm.size();
  int64_t block = (n + ranks - 1) / ranks;
  int64_t from = std::min(n, comm.rank() * block);
  int64_t to = std::min(n, from + block);

  FirstFailure failure(to);
  int64_t threads = qubits < qgrad::rt::kParallelThreshold
                        ? std::min(qgrad_rt_num_threads(), to - from)
                        : 1;
  runOnWorkers(from, to, static_cast<int>(threads), body, closure, failure);

  int64_t mine = failure.first() < to ? failure.first() : n;
  std::vector<int64_t> firsts(ranks);
  comm.allgather(&mine, firsts.data(), sizeof mine);
  int64_t lowest = *std::min_element(firsts.begin(), firsts.end());
  if (lowest < n) {
    int owner = static_cast<int>(lowest / block);
    std::string text = comm.rank() == owner ? failure.text() : std::string();
    uint64_t length = text.size();
    comm.broadcast(&length, sizeof length, owner);
    text.resize(length);
    comm.broadcast(text.data(), length, owner);
    qgrad_rt_fail(ctx, text.c_str());
    return;
  }

  size_t blockDoubles = static_cast<size_t>(block * outputs.size());
  std::vector<double> sent(blockDoubles), received(blockDoubles * ranks);
  for (int64_t i = from; i < to; ++i)
    outputs.pack(i, sent.data() + (i - from) * outputs.size());
  comm.allgather(sent.data(), received.data(), blockDoubles * sizeof(double));
  for (int64_t i = 0; i < n; ++i)
    if (i < from || i >= to)
      outputs.unpack(i, received.data() + (i / block) * blockDoubles +
                            (i % block) * outputs.size());
}

/// The loop's outputs, or the message saying why they are not usable.
const char *checkOutputs(int64_t count, const qgrad_rt_loop_output *outputs) {
  if (count < 0 || (count > 0 && !outputs))
    return "qgrad_rt_parallel_for_outputs: the outputs are missing";
  for (int64_t k = 0; k < count; ++k)
    if (outputs[k].count < 0 || (outputs[k].count > 0 && !outputs[k].base))
      return "qgrad_rt_parallel_for_outputs: an output has no memory or a "
             "negative size";
  return nullptr;
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

int64_t qgrad_rt_parallel_for_outputs(qgrad_rt_context *ctx, int64_t n,
                                      void (*body)(void *closure, int64_t i),
                                      void *closure, int64_t num_outputs,
                                      const qgrad_rt_loop_output *outputs) {
  if (!ctx || !body)
    return qgrad_rt_parallel_for(ctx, n, body, closure);
  if (const char *message = checkOutputs(num_outputs, outputs))
    return qgrad_rt_fail(ctx, message);
  std::shared_ptr<qgrad::rt::Communicator> comm =
      qgrad::rt::contextCommunicator(ctx);
  int64_t qubits = qgrad::rt::contextQubits(ctx);
  if (!comm || comm->size() < 2 || insideParallelFor ||
      qgrad_rt_last_error(ctx) || qubits == 0 || qubits > spreadQubitLimit() ||
      n <= 0)
    return qgrad_rt_parallel_for(ctx, n, body, closure);
  try {
    spreadOverRanks(ctx, *comm, n, qubits, body, closure,
                    LoopOutputs(outputs, num_outputs));
  } catch (const std::exception &e) {
    qgrad_rt_fail(
        ctx,
        (std::string("qgrad_rt_parallel_for_outputs: ") + e.what()).c_str());
  }
  return status(ctx);
}

} // extern "C"
