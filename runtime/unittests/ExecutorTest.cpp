//===- ExecutorTest.cpp - Norm preservation and tiled execution ----------===//
#include "Reference.h"

#include "qgrad/Runtime/Executor.h"
#include "qgrad/Runtime/Fusion.h"
#include "qgrad/Runtime/Gates.h"

#include <gtest/gtest.h>
#include <omp.h>

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

/// The circuit must give the same state without tiles and with `tiled`.
void expectSameStateTiled(const std::vector<GateCall> &circuit, int n,
                          ExecutorOptions tiled) {
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

void expectTilingInvariant(int n, ExecutorOptions tiled, int length,
                           uint64_t seed) {
  std::mt19937_64 rng(seed);
  expectSameStateTiled(randomCircuit(everyGate(), n, length, rng), n, tiled);
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

TEST(Executor, ThreadsDoNotChangeTheState) {
  // Above the OpenMP threshold a whole-state op splits its index range into
  // chunks. A rotation fused with a CNOT controlled by bit 0 or 1 uses
  // different constants in the lanes of one vector, so chunk edges must not
  // split vectors; three threads make 12 chunks, whose edges are not powers
  // of two.
  const int n = 15;
  double angle = 0.4;
  std::vector<KernelOp> ops;
  for (int bit = 0; bit < n; ++bit)
    ops.push_back(lowerGate(gateIdFromName("RY"), &angle, {bit}, false));
  for (int control : {0, 1})
    for (int target : {9, 1 - control, 3}) {
      ops.push_back(lowerGate(gateIdFromName("RX"), &angle, {target}, false));
      ops.push_back(
          lowerGate(gateIdFromName("CNOT"), nullptr, {control, target}, false));
    }
  StateVector serial(n), threaded(n);
  Complex *s = serial.data(), *t = threaded.data();
  int threads = omp_get_max_threads();
  omp_set_num_threads(3);
  runOps(ops, {&s, 1, n}, {15, 4, false});
  runOps(ops, {&t, 1, n}, {15, 4, true});
  omp_set_num_threads(threads);
  for (Index i = 0; i < serial.size(); ++i)
    ASSERT_NEAR(std::abs(serial[i] - threaded[i]), 0.0, 1e-12)
        << "amplitude " << i;
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
  expectSameStateTiled(circuit, n, {3, 1, false});
}

} // namespace

namespace {

/// The executor (fusion, pairing, tiles) against the plain kernels run one
/// op at a time, on circuits dense in one-qubit gates on every bit.
TEST(Executor, FusedAndPairedOpsMatchOpByOp) {
  std::mt19937_64 rng(5);
  std::vector<std::string> gates = {"RX",   "RY",  "RZ",        "Rot",
                                    "S",    "T",   "Hadamard",  "PauliX",
                                    "CNOT", "CRX", "PhaseShift"};
  for (int n : {2, 3, 5, 9}) {
    for (ExecutorOptions options :
         {ExecutorOptions{64, 4, false}, ExecutorOptions{4, 2, false}}) {
      if (n <= 2 && options.tileBits < 64)
        continue;
      std::vector<GateCall> circuit = randomCircuit(gates, n, 200, rng);
      std::vector<KernelOp> ops;
      for (const GateCall &g : circuit) {
        std::vector<int> bits;
        for (int64_t w : g.wires)
          bits.push_back(bitOfWire(w, n));
        ops.push_back(lowerGate(gateIdFromName(g.name), g.params.data(), bits,
                                g.adjoint));
      }
      StateVector expected(n), actual(n);
      Complex *e = expected.data(), *a = actual.data();
      StateBatch one{&e, 1, n}, all{&a, 1, n};
      for (const KernelOp &op : ops)
        runOp(op, one, false);
      runOps(ops, all, options);
      for (Index i = 0; i < expected.size(); ++i)
        ASSERT_NEAR(std::abs(expected[i] - actual[i]), 0.0, 1e-12)
            << n << " qubits, tileBits " << options.tileBits;
    }
  }
}

TEST(Executor, PairingAndFusionHappen) {
  std::vector<KernelOp> ops;
  double angle = 0.4;
  for (int bit : {0, 1, 1, 3})
    ops.push_back(lowerGate(gateIdFromName("RX"), &angle, {bit}, false));
  std::vector<KernelOp> fused = fuseOneBitOps(ops);
  ASSERT_EQ(fused.size(), 3u); // the two RX on bit 1 merge
  std::vector<KernelOp> paired = pairOneBitOps(fused);
  ASSERT_EQ(paired.size(), 2u);
  EXPECT_EQ(paired[0].kind, OpKind::Matrix1Pair);

  // RX on bit 2, a CNOT from bit 5 onto it, RY on bit 2: one conditional op.
  std::vector<KernelOp> ring = {
      lowerGate(gateIdFromName("RX"), &angle, {2}, false),
      lowerGate(gateIdFromName("CNOT"), nullptr, {5, 2}, false),
      lowerGate(gateIdFromName("RY"), &angle, {2}, false)};
  std::vector<KernelOp> conditional = fuseOneBitOps(ring);
  ASSERT_EQ(conditional.size(), 1u);
  EXPECT_EQ(conditional[0].kind, OpKind::Matrix1Cond);
}

} // namespace
