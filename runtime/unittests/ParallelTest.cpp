//===- ParallelTest.cpp - qgrad_rt_parallel_for and per-thread contexts ---===//
#include "qgrad_rt.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

/// Sets the thread count for one test and restores the default after it.
struct Threads {
  explicit Threads(int64_t n) { qgrad_rt_set_num_threads(n); }
  ~Threads() { qgrad_rt_set_num_threads(0); }
};

/// One circuit evaluation per iteration, the way compiled code does it:
/// everything on qgrad_rt_default_context().
struct Evaluations {
  int64_t qubits = 3;
  int64_t badIteration = -1, secondBadIteration = -1;
  std::vector<double> values;
  std::vector<qgrad_rt_context *> contexts;
  std::vector<std::atomic<int>> runs;
  explicit Evaluations(int64_t n) : values(n, 0.0), contexts(n), runs(n) {}

  static void body(void *closure, int64_t i) {
    auto *self = static_cast<Evaluations *>(closure);
    qgrad_rt_context *ctx = qgrad_rt_default_context();
    self->contexts[i] = ctx;
    ++self->runs[i];
    qgrad_rt_allocate(ctx, self->qubits);
    for (int64_t w = 0; w < self->qubits; ++w) {
      double angle = 0.1 * static_cast<double>(i) + 0.3 * w;
      qgrad_rt_apply(ctx, QGRAD_RT_RX, &angle, &w, 1, 0);
    }
    int64_t wires[2] = {0, 1};
    double angle = 0.7;
    qgrad_rt_apply(ctx, QGRAD_RT_CRY, &angle, wires, 2, 0);
    if (i == self->badIteration || i == self->secondBadIteration) {
      int64_t outside = self->qubits + i;
      qgrad_rt_apply(ctx, QGRAD_RT_RX, &angle, &outside, 1, 0);
    }
    int64_t z = qgrad_rt_obs_named(ctx, QGRAD_RT_OBS_PAULI_Z, 1);
    self->values[i] = qgrad_rt_expval(ctx, z);
    qgrad_rt_obs_clear(ctx);
  }

  int64_t run(qgrad_rt_context *ctx) {
    return qgrad_rt_parallel_for(ctx, static_cast<int64_t>(values.size()), body,
                                 this);
  }
};

std::string errorOf(const qgrad_rt_context *ctx) {
  const char *e = qgrad_rt_last_error(ctx);
  return e ? e : "";
}

TEST(ParallelFor, EveryIterationOnceWithTheSerialResults) {
  qgrad_rt_context *caller = qgrad_rt_default_context();
  std::vector<double> serial;
  {
    Threads one(1);
    Evaluations e(37);
    ASSERT_EQ(e.run(caller), QGRAD_RT_OK);
    for (int64_t i = 0; i < 37; ++i) {
      EXPECT_EQ(e.runs[i].load(), 1);
      EXPECT_EQ(e.contexts[i], caller) << "serial iterations use the caller's";
    }
    serial = e.values;
  }
  for (int64_t threads : {2, 3, 8}) {
    Threads t(threads);
    Evaluations e(37);
    ASSERT_EQ(e.run(caller), QGRAD_RT_OK) << errorOf(caller);
    EXPECT_EQ(e.contexts[0], caller) << "iteration 0 probes on the caller";
    for (int64_t i = 0; i < 37; ++i) {
      EXPECT_EQ(e.runs[i].load(), 1) << i;
      // Bit for bit: every evaluation starts from a fresh register.
      EXPECT_EQ(std::memcmp(&e.values[i], &serial[i], sizeof(double)), 0)
          << i << ": " << e.values[i] << " vs " << serial[i];
      if (i > 0)
        EXPECT_NE(e.contexts[i], caller) << "workers use contexts of their own";
    }
  }
}

TEST(ParallelFor, SmallLoops) {
  Threads two(2);
  qgrad_rt_context *caller = qgrad_rt_default_context();
  for (int64_t n : {0, 1, 2, 3}) {
    Evaluations e(n);
    EXPECT_EQ(e.run(caller), QGRAD_RT_OK);
    for (int64_t i = 0; i < n; ++i)
      EXPECT_EQ(e.runs[i].load(), 1);
  }
  EXPECT_EQ(qgrad_rt_parallel_for(caller, -4, Evaluations::body, nullptr),
            QGRAD_RT_OK);
}

TEST(ParallelFor, ContextsArePerThread) {
  qgrad_rt_context *mine = qgrad_rt_default_context();
  EXPECT_EQ(qgrad_rt_default_context(), mine);
  qgrad_rt_context *other = nullptr;
  std::thread([&] { other = qgrad_rt_default_context(); }).join();
  EXPECT_NE(other, nullptr);
  EXPECT_NE(other, mine);
}

TEST(ParallelFor, ErrorInOneWorkerReachesTheCaller) {
  Threads two(2);
  qgrad_rt_context *caller = qgrad_rt_context_create();
  Evaluations e(40);
  e.badIteration = 23;
  EXPECT_EQ(e.run(caller), QGRAD_RT_ERROR);
  EXPECT_EQ(errorOf(caller), "qgrad_rt_apply: RX: wire 26 is outside the "
                             "register of 3 qubits");
  for (int64_t i = 0; i < 23; ++i)
    EXPECT_EQ(e.runs[i].load(), 1) << "iterations below the failure all ran";
  EXPECT_EQ(std::string(qgrad_rt_last_error(nullptr)), errorOf(caller));

  // Sticky: a failed context runs the loop serially, every call a no-op.
  Evaluations after(8);
  EXPECT_EQ(after.run(caller), QGRAD_RT_ERROR);
  EXPECT_TRUE(std::isnan(after.values[5]));

  // The workers start the next loop without the error.
  qgrad_rt_clear_error(caller);
  Evaluations clean(40);
  EXPECT_EQ(clean.run(caller), QGRAD_RT_OK) << errorOf(caller);
  EXPECT_FALSE(std::isnan(clean.values[39]));
  qgrad_rt_context_destroy(caller);
}

TEST(ParallelFor, TheLowestFailingIterationIsReported) {
  for (int64_t threads : {1, 2, 4}) {
    Threads t(threads);
    for (int repeat = 0; repeat < 20; ++repeat) {
      qgrad_rt_context *caller = qgrad_rt_context_create();
      Evaluations e(30);
      e.badIteration = 11;
      e.secondBadIteration = 12 + repeat % 5;
      EXPECT_EQ(e.run(caller), QGRAD_RT_ERROR);
      EXPECT_EQ(errorOf(caller), "qgrad_rt_apply: RX: wire 14 is outside the "
                                 "register of 3 qubits");
      qgrad_rt_context_destroy(caller);
    }
  }
}

TEST(ParallelFor, AnErrorInTheFirstIterationStopsTheLoop) {
  Threads two(2);
  qgrad_rt_context *caller = qgrad_rt_context_create();
  struct Loop {
    qgrad_rt_context *expected;
    std::atomic<int> runs{0};
    static void body(void *closure, int64_t) {
      auto *self = static_cast<Loop *>(closure);
      ++self->runs;
      EXPECT_EQ(qgrad_rt_default_context(), self->expected);
      qgrad_rt_allocate(qgrad_rt_default_context(), -1);
    }
  } loop{caller};
  EXPECT_EQ(qgrad_rt_parallel_for(caller, 10, Loop::body, &loop),
            QGRAD_RT_ERROR);
  EXPECT_EQ(loop.runs.load(), 10) << "serial, on the failed context";
  EXPECT_NE(errorOf(caller).find("qgrad_rt_allocate"), std::string::npos);
  qgrad_rt_context_destroy(caller);
}

TEST(ParallelFor, LargeRegistersStayOnTheCaller) {
  Threads two(2);
  qgrad_rt_context *caller = qgrad_rt_default_context();
  Evaluations e(6);
  e.qubits = 14;
  ASSERT_EQ(e.run(caller), QGRAD_RT_OK) << errorOf(caller);
  for (int64_t i = 0; i < 6; ++i)
    EXPECT_EQ(e.contexts[i], caller) << i;
}

TEST(ParallelFor, NestedLoopsRunInTheirIteration) {
  Threads two(2);
  struct Outer {
    std::vector<std::atomic<int>> inner = std::vector<std::atomic<int>>(64);
    std::vector<int> nestedOnSameContext = std::vector<int>(8, 0);
    static void innerBody(void *closure, int64_t i) {
      ++static_cast<Outer *>(closure)->inner[i];
    }
    static void body(void *closure, int64_t i) {
      auto *self = static_cast<Outer *>(closure);
      qgrad_rt_context *ctx = qgrad_rt_default_context();
      qgrad_rt_allocate(ctx, 2);
      struct Probe {
        qgrad_rt_context *ctx;
        bool same = true;
        static void body(void *closure, int64_t) {
          auto *p = static_cast<Probe *>(closure);
          p->same = p->same && qgrad_rt_default_context() == p->ctx;
        }
      } probe{ctx};
      qgrad_rt_parallel_for(ctx, 4, Probe::body, &probe);
      self->nestedOnSameContext[i] = probe.same;
      for (int64_t k = 0; k < 8; ++k)
        innerBody(closure, 8 * i + k);
    }
  } outer;
  qgrad_rt_context *caller = qgrad_rt_default_context();
  ASSERT_EQ(qgrad_rt_parallel_for(caller, 8, Outer::body, &outer), QGRAD_RT_OK);
  for (int i = 1; i < 8; ++i)
    EXPECT_EQ(outer.nestedOnSameContext[i], 1) << i;
  for (auto &count : outer.inner)
    EXPECT_EQ(count.load(), 1);
}

TEST(ParallelFor, NullArguments) {
  EXPECT_EQ(qgrad_rt_parallel_for(nullptr, 3, Evaluations::body, nullptr),
            QGRAD_RT_ERROR);
  EXPECT_EQ(std::string(qgrad_rt_last_error(nullptr)),
            "qgrad_rt_parallel_for: the context is null");
  qgrad_rt_context *ctx = qgrad_rt_context_create();
  EXPECT_EQ(qgrad_rt_parallel_for(ctx, 3, nullptr, nullptr), QGRAD_RT_ERROR);
  EXPECT_EQ(errorOf(ctx), "qgrad_rt_parallel_for: the body is null");
  qgrad_rt_context_destroy(ctx);
}

// Without MPI the outputs change nothing: the loop is qgrad_rt_parallel_for
// and the declared regions are left to the iterations.
TEST(ParallelForOutputs, OneProcessRunsTheLoopAsIs) {
  Threads two(2);
  qgrad_rt_context *caller = qgrad_rt_context_create();
  Evaluations reference(21);
  ASSERT_EQ(reference.run(caller), QGRAD_RT_OK);
  Evaluations e(21);
  qgrad_rt_loop_output out{e.values.data(), 1, 1, 1};
  ASSERT_EQ(
      qgrad_rt_parallel_for_outputs(caller, 21, Evaluations::body, &e, 1, &out),
      QGRAD_RT_OK)
      << errorOf(caller);
  for (int64_t i = 0; i < 21; ++i) {
    EXPECT_EQ(e.runs[i].load(), 1) << i;
    EXPECT_EQ(std::memcmp(&e.values[i], &reference.values[i], sizeof(double)),
              0)
        << i;
  }
  e.badIteration = 9;
  EXPECT_EQ(
      qgrad_rt_parallel_for_outputs(caller, 21, Evaluations::body, &e, 1, &out),
      QGRAD_RT_ERROR);
  EXPECT_EQ(errorOf(caller), "qgrad_rt_apply: RX: wire 12 is outside the "
                             "register of 3 qubits");
  qgrad_rt_context_destroy(caller);
}

TEST(ParallelForOutputs, MalformedOutputsAreRefused) {
  qgrad_rt_context *ctx = qgrad_rt_context_create();
  Evaluations e(4);
  EXPECT_EQ(
      qgrad_rt_parallel_for_outputs(ctx, 4, Evaluations::body, &e, 2, nullptr),
      QGRAD_RT_ERROR);
  EXPECT_EQ(errorOf(ctx),
            "qgrad_rt_parallel_for_outputs: the outputs are missing");
  qgrad_rt_clear_error(ctx);
  qgrad_rt_loop_output noMemory{nullptr, 3, 1, 3};
  EXPECT_EQ(qgrad_rt_parallel_for_outputs(ctx, 4, Evaluations::body, &e, 1,
                                          &noMemory),
            QGRAD_RT_ERROR);
  EXPECT_EQ(errorOf(ctx), "qgrad_rt_parallel_for_outputs: an output has no "
                          "memory or a negative size");
  for (int64_t i = 0; i < 4; ++i)
    EXPECT_EQ(e.runs[i].load(), 0) << "refused before any iteration ran";
  EXPECT_EQ(qgrad_rt_parallel_for_outputs(nullptr, 4, Evaluations::body, &e, 0,
                                          nullptr),
            QGRAD_RT_ERROR);
  qgrad_rt_context_destroy(ctx);
}

TEST(ParallelFor, ThreadSetting) {
  qgrad_rt_set_num_threads(3);
  EXPECT_EQ(qgrad_rt_num_threads(), 3);
  qgrad_rt_set_num_threads(0);
  EXPECT_GE(qgrad_rt_num_threads(), 1);
}

} // namespace
