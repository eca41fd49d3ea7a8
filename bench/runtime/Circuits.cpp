//===- Circuits.cpp - The circuits and timers of the runtime benchmark ---===//
#include "Circuits.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
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

Timing timeIt(int reps, const std::function<void()> &setup,
              const std::function<void()> &body) {
  std::vector<double> seconds;
  for (int r = 0; r < reps; ++r) {
    setup();
    auto start = std::chrono::steady_clock::now();
    body();
    auto stop = std::chrono::steady_clock::now();
    seconds.push_back(std::chrono::duration<double>(stop - start).count());
  }
  std::sort(seconds.begin(), seconds.end());
  return {seconds.front(), seconds[seconds.size() / 2]};
}

Timing bandwidthFloor(int n, int reps) {
  size_t size = size_t(1) << n;
  double *data =
      static_cast<double *>(std::aligned_alloc(64, 2 * size * sizeof(double)));
  std::unique_ptr<double, decltype(&std::free)> owner(data, &std::free);
  std::memset(data, 0, 2 * size * sizeof(double));
  // The cheapest update that reads and writes every amplitude: a real scale,
  // which the compiler vectorises to full-width loads, multiplies and stores.
  const double scale = 1.0 - 1e-12;
  return timeIt(
      reps, [] {},
      [&] {
        for (size_t i = 0; i < 2 * size; ++i)
          data[i] *= scale;
      });
}

} // namespace qgrad::bench
