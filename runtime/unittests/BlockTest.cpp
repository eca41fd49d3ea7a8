//===- BlockTest.cpp - Blocks of one-bit ops against op-by-op kernels ----===//
//
// The executor applies runs of one-bit ops (2x2 matrices, conditional 2x2s
// from a CNOT fused with a rotation) as blocks held in registers, in place
// on tiles of the state. Here the executor runs random sequences of such
// ops, with targets and selects on every bit (0 and 1 inside a vector, the
// top bits, selects inside and outside a block), whole-state and tiled, one
// and several threads, and is compared with the plain kernels run one op at
// a time.
//
//===----------------------------------------------------------------------===//
#include "Reference.h"

#include "qgrad/Runtime/Executor.h"
#include "qgrad/Runtime/Gates.h"

#include <gtest/gtest.h>
#include <omp.h>

using namespace qgrad::rt;
using namespace qgrad::rt::test;

namespace {

std::vector<Complex> randomMatrix(std::mt19937_64 &rng) {
  std::vector<double> u = randomUnitary(2, rng);
  std::vector<Complex> m;
  for (size_t i = 0; i < u.size(); i += 2)
    m.emplace_back(u[i], u[i + 1]);
  return m;
}

/// A 2x2 on `target`, conditional on `select` when select >= 0.
KernelOp oneBitOp(int target, int select, std::mt19937_64 &rng) {
  KernelOp op;
  op.kind = select < 0 ? OpKind::Matrix1 : OpKind::Matrix1Cond;
  op.targets = {target};
  op.matrix = randomMatrix(rng);
  if (select >= 0) {
    op.targets.push_back(select);
    std::vector<Complex> m1 = randomMatrix(rng);
    op.matrix.insert(op.matrix.end(), m1.begin(), m1.end());
  }
  return op;
}

/// Random one-bit and conditional ops, now and then a CNOT or RZ (ops that
/// end a block), on n bits.
std::vector<KernelOp> randomOneBitOps(int n, int count, std::mt19937_64 &rng) {
  std::uniform_int_distribution<int> bit(0, n - 1), kind(0, 9);
  std::vector<KernelOp> ops;
  for (int i = 0; i < count; ++i) {
    int target = bit(rng), k = kind(rng);
    int select = bit(rng);
    if (select == target)
      select = (target + 1) % n;
    double angle = 0.1 * i;
    if (k == 0 && n > 1)
      ops.push_back(
          lowerGate(gateIdFromName("CNOT"), nullptr, {select, target}, false));
    else if (k == 1)
      ops.push_back(lowerGate(gateIdFromName("RZ"), &angle, {target}, false));
    else
      ops.push_back(oneBitOp(target, k < 6 && n > 1 ? select : -1, rng));
  }
  return ops;
}

/// runOps with `options` on a random state against runOp one op at a time.
void expectSameAsOpByOp(const std::vector<KernelOp> &ops, int n,
                        ExecutorOptions options, uint64_t seed,
                        int numStates = 1) {
  std::mt19937_64 rng(seed);
  std::vector<std::vector<Complex>> expected, actual;
  for (int s = 0; s < numStates; ++s) {
    expected.push_back(randomState(n, rng));
    actual.push_back(expected.back());
  }
  std::vector<Complex *> e, a;
  for (int s = 0; s < numStates; ++s) {
    e.push_back(expected[s].data());
    a.push_back(actual[s].data());
  }
  StateBatch one{e.data(), numStates, n}, all{a.data(), numStates, n};
  for (const KernelOp &op : ops)
    runOp(op, one, false);
  runOps(ops, all, options);
  for (int s = 0; s < numStates; ++s)
    for (size_t i = 0; i < expected[s].size(); ++i)
      ASSERT_NEAR(std::abs(expected[s][i] - actual[s][i]), 0.0, 1e-12)
          << n << " bits, tileBits " << options.tileBits << ", contiguous "
          << options.minContiguousBits << ", state " << s << ", amplitude "
          << i;
}

TEST(Blocks, RandomOneBitOpsMatchOpByOp) {
  uint64_t seed = 11;
  for (int n : {1, 2, 3, 4, 5, 7, 9, 12}) {
    std::mt19937_64 rng(seed++);
    std::vector<KernelOp> ops = randomOneBitOps(n, 120, rng);
    expectSameAsOpByOp(ops, n, {64, 4, false}, seed++);
    for (ExecutorOptions tiled :
         {ExecutorOptions{4, 2, false}, ExecutorOptions{6, 2, false},
          ExecutorOptions{6, 4, false}, ExecutorOptions{5, 0, false}})
      if (n > tiled.tileBits)
        expectSameAsOpByOp(ops, n, tiled, seed++);
  }
}

TEST(Blocks, OnlyOneBitOpsMatchOpByOp) {
  // No CNOT or RZ in between: whole passes of blocks, which run in place.
  uint64_t seed = 40;
  for (int n : {3, 6, 10, 13}) {
    std::mt19937_64 rng(seed++);
    std::uniform_int_distribution<int> bit(0, n - 1);
    std::vector<KernelOp> ops;
    for (int i = 0; i < 150; ++i) {
      int target = bit(rng), select = bit(rng);
      ops.push_back(oneBitOp(target, select == target ? -1 : select, rng));
    }
    expectSameAsOpByOp(ops, n, {64, 4, false}, seed++);
    expectSameAsOpByOp(ops, n, {5, 2, false}, seed++);
    expectSameAsOpByOp(ops, n, {7, 4, false}, seed++, 2);
  }
}

/// Layers of rotations on every wire and a CNOT ring (both directions),
/// with random adjoint flags, through the device: fusion, blocks and tiles
/// against the plain kernels one gate at a time.
TEST(Blocks, LayeredCircuitsMatchOpByOp) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> angle(-3, 3);
  std::bernoulli_distribution coin;
  const char *rotations[] = {"RX", "RY", "RZ", "Hadamard", "Rot"};
  for (int n : {2, 3, 5, 8, 12, 16}) {
    std::vector<GateCall> circuit;
    for (int layer = 0; layer < 4; ++layer) {
      for (int w = 0; w < n; ++w)
        for (int r = 0; r < 2; ++r) {
          std::string name = rotations[(layer + w + r) % 5];
          std::vector<double> params;
          for (int p = 0; p < (name == "Rot"        ? 3
                               : name == "Hadamard" ? 0
                                                    : 1);
               ++p)
            params.push_back(angle(rng));
          circuit.push_back({name, params, {w}, coin(rng)});
        }
      for (int w = 0; w < n && n > 1; ++w) {
        int64_t a = w, b = (w + 1) % n;
        if (layer % 2)
          std::swap(a, b);
        circuit.push_back({"CNOT", {}, {a, b}});
      }
    }
    std::vector<KernelOp> ops;
    for (const GateCall &g : circuit) {
      std::vector<int> bits;
      for (int64_t w : g.wires)
        bits.push_back(bitOfWire(w, n));
      ops.push_back(
          lowerGate(gateIdFromName(g.name), g.params.data(), bits, g.adjoint));
    }
    expectSameAsOpByOp(ops, n, {64, 4, false}, n);
    for (ExecutorOptions tiled :
         {ExecutorOptions{4, 2, false}, ExecutorOptions{6, 4, false},
          ExecutorOptions{}})
      if (n > tiled.tileBits)
        expectSameAsOpByOp(ops, n, tiled, n);
  }
}

TEST(Blocks, ThreadsDoNotChangeTheState) {
  // Whole-state blocks split their groups across threads; in-place tiled
  // passes split their tiles.
  std::mt19937_64 rng(17);
  const int n = 16;
  std::vector<KernelOp> ops;
  std::uniform_int_distribution<int> bit(0, n - 1);
  for (int i = 0; i < 60; ++i) {
    int target = bit(rng), select = bit(rng);
    ops.push_back(oneBitOp(target, select == target ? -1 : select, rng));
  }
  int threads = omp_get_max_threads();
  omp_set_num_threads(3);
  expectSameAsOpByOp(ops, n, {64, 4, true}, 1);
  expectSameAsOpByOp(ops, n, {12, 4, true}, 2);
  omp_set_num_threads(threads);
}

} // namespace
