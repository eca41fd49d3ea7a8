//===- ExecutorTest.cpp - Norm preservation and tiled execution ----------===//
#include "Reference.h"

#include <gtest/gtest.h>

using namespace qgrad::rt;
using namespace qgrad::rt::test;

namespace {

std::vector<std::string> everyGate() {
  std::vector<std::string> names;
  for (int64_t g = 0; g < numGates(); ++g)
    names.push_back(gateInfo(g).name);
  return names;
}

double normOf(const std::vector<Complex> &v) {
  double sum = 0;
  for (Complex x : v)
    sum += std::norm(x);
  return sum;
}

TEST(Norm, PreservedOverLongRandomCircuits) {
  std::mt19937_64 rng(7);
  for (int n : {3, 7, 11}) {
    Device device;
    device.allocate(n);
    for (int block = 0; block < 10; ++block) {
      run(device, randomCircuit(everyGate(), n, 300, rng));
      ASSERT_NEAR(normOf(stateOf(device)), 1.0, 1e-12)
          << n << " qubits after " << 300 * (block + 1) << " gates";
    }
  }
}

/// The same circuit with and without tiling must give the same state.
void expectTilingInvariant(int n, ExecutorOptions tiled, int length,
                           uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<GateCall> circuit = randomCircuit(everyGate(), n, length, rng);
  Device plain, tiledDevice;
  plain.executorOptions().tileBits = 64;
  tiledDevice.executorOptions() = tiled;
  plain.allocate(n);
  tiledDevice.allocate(n);
  run(plain, circuit);
  run(tiledDevice, circuit);
  std::vector<Complex> a = stateOf(plain), b = stateOf(tiledDevice);
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_NEAR(std::abs(a[i] - b[i]), 0.0, 1e-12)
        << "tileBits=" << tiled.tileBits
        << " contiguous=" << tiled.minContiguousBits << " amplitude " << i;
}

TEST(Executor, TilingDoesNotChangeTheResult) {
  uint64_t seed = 1;
  for (int tileBits : {3, 4, 6})
    for (int contiguous : {0, 1, 2})
      expectTilingInvariant(9, {tileBits, contiguous, false}, 400, seed++);
}

TEST(Executor, TilingWithThreadsAndDefaultTiles) {
  expectTilingInvariant(17, ExecutorOptions{}, 300, 99);
}

TEST(Executor, SchedulerKeepsOrderOfOverlappingOps) {
  // A CNOT ring: every gate overlaps its neighbours, so any reordering is
  // visible in the state.
  int n = 8;
  std::vector<GateCall> circuit;
  for (int layer = 0; layer < 4; ++layer) {
    for (int w = 0; w < n; ++w)
      circuit.push_back({"RY", {0.3 + 0.1 * w + layer}, {w}});
    for (int w = 0; w < n; ++w)
      circuit.push_back({"CNOT", {}, {w, (w + 1) % n}});
  }
  Device plain, tiled;
  plain.executorOptions().tileBits = 64;
  tiled.executorOptions() = {3, 1, false};
  plain.allocate(n);
  tiled.allocate(n);
  run(plain, circuit);
  run(tiled, circuit);
  std::vector<Complex> a = stateOf(plain), b = stateOf(tiled);
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_NEAR(std::abs(a[i] - b[i]), 0.0, 1e-13);
}

} // namespace
