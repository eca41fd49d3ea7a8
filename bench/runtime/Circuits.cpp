//===- Circuits.cpp - The circuits and timers of the runtime benchmark ---===//
#include "Circuits.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>

namespace qgrad::bench {

void applyLayered(rt::Device &device, int n, int layers, double seed) {
  for (int layer = 0; layer < layers; ++layer) {
    for (int64_t w = 0; w < n; ++w) {
      double rx = seed + 0.01 * (layer * n + w), ry = 0.5 * rx + 0.3;
      device.apply(QGRAD_RT_RX, &rx, &w, 1, false);
      device.apply(QGRAD_RT_RY, &ry, &w, 1, false);
    }
    for (int64_t w = 0; w < n; ++w) {
      int64_t wires[2] = {w, (w + 1) % n};
      device.apply(QGRAD_RT_CNOT, nullptr, wires, 2, false);
    }
  }
}

namespace {

/// RY(b) RX(a): a general 2x2, as the layered circuit's fused rotations.
std::vector<rt::Complex> rotation(double a) {
  double b = 0.5 * a + 0.3;
  rt::Complex c(std::cos(a / 2), 0), s(0, -std::sin(a / 2));
  double cb = std::cos(b / 2), sb = std::sin(b / 2);
  // RY * RX, RX = [[c, s], [s, c]], RY = [[cb, -sb], [sb, cb]].
  return {cb * c - sb * s, cb * s - sb * c, sb * c + cb * s, sb * s + cb * c};
}

rt::KernelOp oneBit(int target, double angle) {
  rt::KernelOp op;
  op.kind = rt::OpKind::Matrix1;
  op.targets = {target};
  op.matrix = rotation(angle);
  return op;
}

rt::KernelOp conditional(int target, int select, double angle) {
  rt::KernelOp op = oneBit(target, angle);
  op.kind = rt::OpKind::Matrix1Cond;
  op.targets.push_back(select);
  std::vector<rt::Complex> x = rotation(angle + 0.7);
  op.matrix.insert(op.matrix.end(), x.begin(), x.end());
  return op;
}

} // namespace

std::vector<KernelCase> kernelCases() {
  std::vector<KernelCase> cases;
  for (int bit : {0, 1, 2, 5, 14})
    cases.push_back({"2x2_bit" + std::to_string(bit), 15, {oneBit(bit, 0.3)}});
  cases.push_back({"2x2_bit5_L1", 11, {oneBit(5, 0.3)}});
  cases.push_back({"2x2_bit9_L1", 11, {oneBit(9, 0.3)}});
  for (auto [t, s] : {std::pair{5, 4}, {5, 0}, {0, 5}, {1, 0}})
    cases.push_back({"cond_t" + std::to_string(t) + "_s" + std::to_string(s),
                     15,
                     {conditional(t, s, 0.3)}});
  rt::KernelOp pair = oneBit(3, 0.3);
  pair.kind = rt::OpKind::Matrix1Pair;
  pair.targets = {3, 9};
  std::vector<rt::Complex> m = rotation(0.9);
  pair.matrix.insert(pair.matrix.end(), m.begin(), m.end());
  cases.push_back({"pair_3_9", 15, {pair}});
  cases.push_back({"pair_3_9_L1", 11, {pair}});
  // A stretch of the layered circuit's ring: conditional 2x2s in a chain.
  std::vector<rt::KernelOp> chain;
  for (int w = 0; w < 14; ++w)
    chain.push_back(conditional(w + 1, w, 0.1 * w));
  cases.push_back({"ring_chain", 15, chain});
  cases.push_back({"ring_chain_executor", 15, chain, true});
  cases.push_back({"block_567",
                   15,
                   {oneBit(5, 0.1), oneBit(6, 0.2), oneBit(7, 0.3),
                    oneBit(5, 0.4), oneBit(6, 0.5), oneBit(7, 0.6)},
                   true});
  cases.push_back(
      {"block_56",
       15,
       {oneBit(5, 0.1), oneBit(6, 0.2), oneBit(5, 0.4), oneBit(6, 0.5)},
       true});
  cases.push_back(
      {"block_0",
       15,
       {oneBit(0, 0.1), oneBit(1, 0.2), oneBit(0, 0.4), oneBit(1, 0.5)},
       true});
  cases.push_back(
      {"block_chain3",
       15,
       {conditional(5, 4, 0.1), conditional(6, 5, 0.2), conditional(7, 6, 0.3)},
       true});
  return cases;
}

double timeKernel(const KernelCase &c, int reps) {
  rt::StateVector state(c.bits);
  for (rt::Index i = 0; i < state.size(); ++i)
    state[i] = rt::Complex(std::cos(0.1 * i), std::sin(0.3 * i)) /
               std::sqrt(double(state.size()));
  rt::Complex *data = state.data();
  rt::StateBatch batch{&data, 1, c.bits};
  double best = 1e300;
  for (int trial = 0; trial < 5; ++trial)
    best = std::min(best, timeIt(
                              1, [] {},
                              [&] {
                                for (int r = 0; r < reps; ++r) {
                                  if (c.executor) {
                                    rt::runOps(c.ops, batch, {64, 4, false});
                                    continue;
                                  }
                                  for (const rt::KernelOp &op : c.ops)
                                    rt::runOp(op, batch, false);
                                }
                              })
                              .cpuMin);
  return best * 1e9 / reps / double(c.ops.size()) / double(state.size());
}

static double threadCpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

Timing timeIt(int reps, const std::function<void()> &setup,
              const std::function<void()> &body) {
  std::vector<double> seconds, cpu;
  for (int r = 0; r < reps; ++r) {
    setup();
    double cpuStart = threadCpuSeconds();
    auto start = std::chrono::steady_clock::now();
    body();
    auto stop = std::chrono::steady_clock::now();
    cpu.push_back(threadCpuSeconds() - cpuStart);
    seconds.push_back(std::chrono::duration<double>(stop - start).count());
  }
  std::sort(seconds.begin(), seconds.end());
  return {seconds.front(), seconds[seconds.size() / 2],
          *std::min_element(cpu.begin(), cpu.end())};
}

BandwidthFloor::BandwidthFloor(int n)
    : size_(size_t(2) << n),
      data_(
          static_cast<double *>(std::aligned_alloc(64, size_ * sizeof(double))),
          &std::free) {
  std::memset(data_.get(), 0, size_ * sizeof(double));
}

double BandwidthFloor::measure() {
  // The cheapest update that reads and writes every amplitude, a real scale,
  // over the array as 1, 2 and 4 interleaved streams (more streams keep more
  // memory requests in flight). The fastest counts.
  typedef double V8 __attribute__((vector_size(64)));
  const double scale = 1.0 - 1e-12;
  const V8 factor = {scale, scale, scale, scale, scale, scale, scale, scale};
  V8 *v = reinterpret_cast<V8 *>(data_.get());
  size_t vectors = size_ / 8;
  double best = 1e300;
  for (size_t streams : {1, 2, 4}) {
    size_t part = vectors / streams;
    best = std::min(best, timeIt(
                              1, [] {},
                              [&] {
                                for (size_t i = 0; i < part; ++i)
                                  for (size_t s = 0; s < streams; ++s)
                                    v[i + s * part] *= factor;
                              })
                              .min);
  }
  return best;
}

} // namespace qgrad::bench
