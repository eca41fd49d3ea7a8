//===- Circuits.cpp - The circuits and timers of the runtime benchmark ---===//
#include "Circuits.h"

#include <algorithm>
#include <chrono>
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
