//===- GateMatrixTest.cpp - Every gate against its dense matrix ----------===//
#include "Reference.h"

#include "qgrad/Runtime/Gates.h"

#include <gtest/gtest.h>

using namespace qgrad::rt;
using namespace qgrad::rt::test;

namespace {

/// Every ordered choice of k distinct wires out of n.
void placements(int n, size_t k, std::vector<int64_t> &prefix,
                std::vector<std::vector<int64_t>> &out) {
  if (prefix.size() == k) {
    out.push_back(prefix);
    return;
  }
  for (int64_t w = 0; w < n; ++w) {
    if (std::find(prefix.begin(), prefix.end(), w) != prefix.end())
      continue;
    prefix.push_back(w);
    placements(n, k, prefix, out);
    prefix.pop_back();
  }
}

std::vector<size_t> aritiesToTest(const std::string &name, int n) {
  if (name == "MultiRZ" || name == "QubitUnitary") {
    std::vector<size_t> all;
    for (int k = 1; k <= std::min(n, 3); ++k)
      all.push_back(k);
    return all;
  }
  size_t k = arityOf(name, n);
  return k <= static_cast<size_t>(n) ? std::vector<size_t>{k}
                                     : std::vector<size_t>{};
}

class GateMatrixTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GateMatrixTest, MatchesDenseMatrixOnEveryPlacement) {
  const std::string name = GetParam();
  std::mt19937_64 rng(std::hash<std::string>()(name));
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  int checked = 0;
  for (int n = 1; n <= 4; ++n)
    for (size_t k : aritiesToTest(name, n)) {
      std::vector<std::vector<int64_t>> all;
      std::vector<int64_t> prefix;
      placements(n, k, prefix, all);
      for (const auto &wires : all)
        for (bool adjoint : {false, true}) {
          std::vector<double> params;
          if (name == "QubitUnitary")
            params = randomUnitary(size_t(1) << k, rng);
          else
            for (int i = 0; i < gateInfo(gateIdFromName(name)).numParams; ++i)
              params.push_back(angle(rng));
          Device device;
          device.allocate(n);
          std::vector<int64_t> everyWire(n);
          for (int w = 0; w < n; ++w)
            everyWire[w] = w;
          device.apply("QubitUnitary", randomUnitary(size_t(1) << n, rng),
                       everyWire);
          std::vector<Complex> before = stateOf(device);
          device.apply(name, params, wires, adjoint);
          std::vector<Complex> after = stateOf(device);

          Matrix m = referenceGate(name, params, k);
          if (adjoint)
            m = dagger(m);
          std::vector<Complex> expected =
              applyMatrix(embed(m, wires, n), before);
          for (size_t i = 0; i < expected.size(); ++i)
            ASSERT_NEAR(std::abs(after[i] - expected[i]), 0.0, 1e-12)
                << name << " n=" << n << " adjoint=" << adjoint << " amplitude "
                << i;
          ++checked;
        }
    }
  EXPECT_GT(checked, 0);
}

std::vector<std::string> allGateNames() {
  std::vector<std::string> names;
  for (int64_t g = 0; g < numGates(); ++g)
    names.push_back(gateInfo(g).name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(AllGates, GateMatrixTest,
                         ::testing::ValuesIn(allGateNames()),
                         [](const auto &info) { return info.param; });

TEST(GateTable, NamesRoundTrip) {
  for (int64_t g = 0; g < numGates(); ++g)
    EXPECT_EQ(gateIdFromName(gateInfo(g).name), g);
  EXPECT_EQ(gateIdFromName("NoSuchGate"), -1);
}

} // namespace

namespace {

/// One-qubit gates on 16 qubits, where the kernels walk runs longer than a
/// tile (and split them into two streams), against a plain loop over pairs.
TEST(GateMatrix, LongRunsMatchPairLoop) {
  const int n = 16;
  std::mt19937_64 rng(3);
  for (const char *name : {"RX", "RY", "RZ", "PhaseShift", "Hadamard"})
    for (int64_t wire : {int64_t(n - 1), int64_t(n - 2), int64_t(0)}) {
      Device device;
      device.executorOptions().parallel = false; // one chunk: the longest runs
      device.allocate(n);
      std::vector<std::string> mix = {"RX", "RY", "CNOT"};
      run(device, randomCircuit(mix, n, 3 * n, rng));
      std::vector<Complex> before = stateOf(device);
      std::vector<double> params;
      if (gateInfo(gateIdFromName(name)).numParams)
        params.push_back(0.7);
      device.apply(name, params, {wire});
      std::vector<Complex> after = stateOf(device);
      Matrix m = referenceGate(name, params, 1);
      Index bit = Index(1) << (n - 1 - wire);
      for (Index i = 0; i < before.size(); ++i) {
        if (i & bit)
          continue;
        Complex x = before[i], y = before[i | bit];
        ASSERT_NEAR(std::abs(after[i] - (m(0, 0) * x + m(0, 1) * y)), 0.0,
                    1e-12)
            << name << " on wire " << wire << " amplitude " << i;
        ASSERT_NEAR(std::abs(after[i | bit] - (m(1, 0) * x + m(1, 1) * y)), 0.0,
                    1e-12);
      }
    }
}

} // namespace
