//===- AdjointTest.cpp - Adjoint Jacobian vs shifts and differences ------===//
#include "Reference.h"

#include <gtest/gtest.h>

#include <functional>

using namespace qgrad::rt;
using namespace qgrad::rt::test;

namespace {

/// Builds the observables of the test on a device of n >= 3 qubits.
std::vector<int64_t> testObservables(Device &d) {
  auto named = [&](NamedObservable k, int64_t w) {
    return d.observable(d.addObservable(Observable::named(k, w)));
  };
  std::vector<int64_t> obs;
  obs.push_back(d.addObservable(named(NamedObservable::PauliZ, 0)));
  obs.push_back(d.addObservable(Observable::tensor(
      {named(NamedObservable::PauliX, 1), named(NamedObservable::PauliY, 2)})));
  obs.push_back(d.addObservable(Observable::hamiltonian(
      {0.3, -1.1},
      {named(NamedObservable::Hadamard, 2),
       Observable::hermitian({0.5, Complex(0.2, 0.1), Complex(0.2, -0.1), -1.0},
                             {1})})));
  return obs;
}

/// Parameter p of a circuit, in tape order.
double &paramAt(std::vector<GateCall> &circuit, int64_t p) {
  for (GateCall &g : circuit) {
    if (g.name == "QubitUnitary")
      continue;
    if (p < static_cast<int64_t>(g.params.size()))
      return g.params[p];
    p -= g.params.size();
  }
  throw std::out_of_range("parameter index");
}

struct Problem {
  int n;
  std::vector<GateCall> circuit;
  ExecutorOptions options;
};

std::vector<double> expvals(const Problem &prob,
                            const std::vector<GateCall> &circuit) {
  Device d;
  d.executorOptions() = prob.options;
  d.allocate(prob.n);
  run(d, circuit);
  std::vector<double> out;
  for (int64_t o : testObservables(d))
    out.push_back(d.expval(o));
  return out;
}

std::vector<double> adjoint(const Problem &prob, int64_t &numParams) {
  Device d;
  d.executorOptions() = prob.options;
  d.allocate(prob.n);
  d.apply("RY", {0.3}, {0}); // before the tape: not a parameter
  d.tapeStart();
  run(d, prob.circuit);
  d.tapeStop();
  numParams = d.tapeNumParams();
  return d.adjointJacobian(testObservables(d));
}

/// d<O>/dp by a difference rule evaluated with shifted circuits.
std::vector<double>
byShifts(const Problem &prob, int64_t numParams,
         const std::function<double(std::function<double(double)>)> &rule,
         size_t numObs) {
  std::vector<double> jac(numObs * numParams);
  for (int64_t p = 0; p < numParams; ++p)
    for (size_t o = 0; o < numObs; ++o) {
      auto f = [&](double shift) {
        std::vector<GateCall> shifted = prob.circuit;
        shifted.insert(shifted.begin(), GateCall{"RY", {0.3}, {0}});
        // The inserted RY is not on the tape: skip its parameter.
        paramAt(shifted, p + 1) += shift;
        return expvals(prob, shifted)[o];
      };
      jac[o * numParams + p] = rule(f);
    }
  return jac;
}

double centralDifference(std::function<double(double)> f) {
  double h = 1e-5;
  return (f(h) - f(-h)) / (2 * h);
}

void expectAdjointMatches(const std::vector<std::string> &gates, int n,
                          int length, uint64_t seed, ExecutorOptions options,
                          bool parameterShift) {
  std::mt19937_64 rng(seed);
  Problem prob{n, randomCircuit(gates, n, length, rng), options};
  int64_t numParams = 0;
  std::vector<double> jac = adjoint(prob, numParams);
  ASSERT_GT(numParams, 0);
  ASSERT_EQ(jac.size(), 3u * numParams);
  std::vector<double> fd = byShifts(prob, numParams, centralDifference, 3);
  for (size_t i = 0; i < jac.size(); ++i)
    EXPECT_NEAR(jac[i], fd[i], 1e-8) << "finite differences, entry " << i;
  if (!parameterShift)
    return;
  auto shift = [](std::function<double(double)> f) {
    return (f(M_PI / 2) - f(-M_PI / 2)) / 2;
  };
  std::vector<double> ps = byShifts(prob, numParams, shift, 3);
  for (size_t i = 0; i < jac.size(); ++i)
    EXPECT_NEAR(jac[i], ps[i], 1e-12) << "parameter shift, entry " << i;
}

// Gates whose expectation values are sinusoids of period 2 pi in each angle,
// so the two-term shift rule is exact (IsingXY and the controlled rotations
// need four terms).
const std::vector<std::string> kShiftGates = {
    "RX",      "RY",      "RZ",      "Rot",         "PhaseShift", "IsingXX",
    "IsingYY", "IsingZZ", "MultiRZ", "CNOT",        "Hadamard",   "S",
    "T",       "SWAP",    "Toffoli", "QubitUnitary"};

const std::vector<std::string> kAllParametric = {"RX",
                                                 "RY",
                                                 "RZ",
                                                 "Rot",
                                                 "PhaseShift",
                                                 "IsingXX",
                                                 "IsingYY",
                                                 "IsingZZ",
                                                 "IsingXY",
                                                 "MultiRZ",
                                                 "ControlledPhaseShift",
                                                 "CRX",
                                                 "CRY",
                                                 "CRZ",
                                                 "CRot",
                                                 "CNOT",
                                                 "CY",
                                                 "CZ",
                                                 "CSWAP",
                                                 "PauliY",
                                                 "QubitUnitary"};

TEST(Adjoint, MatchesParameterShiftOnRandomCircuits) {
  for (uint64_t seed : {1, 2, 3})
    expectAdjointMatches(kShiftGates, 4, 30, seed, ExecutorOptions{}, true);
}

TEST(Adjoint, MatchesFiniteDifferencesOnRandomCircuits) {
  for (uint64_t seed : {4, 5, 6})
    expectAdjointMatches(kAllParametric, 4, 30, seed, ExecutorOptions{}, false);
}

TEST(Adjoint, TiledSweepMatchesFiniteDifferences) {
  expectAdjointMatches(kAllParametric, 7, 40, 11, ExecutorOptions{3, 1, false},
                       false);
  expectAdjointMatches(kAllParametric, 7, 40, 12, ExecutorOptions{4, 2, true},
                       false);
}

TEST(Adjoint, LayeredCircuitWithCnotRing) {
  // The benchmark's shape, where the executor fuses every CNOT with the
  // rotations on its target: RX, RY on each wire, then a CNOT ring.
  const int n = 5;
  for (ExecutorOptions options :
       {ExecutorOptions{}, ExecutorOptions{3, 1, false}}) {
    Problem prob{n, {}, options};
    for (int layer = 0; layer < 3; ++layer) {
      for (int64_t w = 0; w < n; ++w) {
        prob.circuit.push_back({"RX", {0.3 + 0.2 * w - layer}, {w}});
        prob.circuit.push_back({"RY", {0.7 * w + 0.1 * layer}, {w}});
      }
      for (int64_t w = 0; w < n; ++w)
        prob.circuit.push_back({"CNOT", {}, {w, (w + 1) % n}});
    }
    int64_t numParams = 0;
    std::vector<double> jac = adjoint(prob, numParams);
    ASSERT_EQ(numParams, 2 * n * 3);
    std::vector<double> fd = byShifts(prob, numParams, centralDifference, 3);
    for (size_t i = 0; i < jac.size(); ++i)
      EXPECT_NEAR(jac[i], fd[i], 1e-8) << "entry " << i;
  }
}

TEST(Adjoint, PairedStepsAndPermutedGathersOnEveryBit) {
  // Two rotations on one wire make a pair of adjoint steps that run in one
  // pass (targets on every bit, the low ones included); the inverse CNOT
  // rings at the start of tiled passes are applied by the gathers. Against
  // the parameter-shift rule, with random adjoint flags.
  const int n = 8;
  std::mt19937_64 rng(31);
  std::bernoulli_distribution coin;
  const char *rotations[] = {"RX", "RY", "RZ", "Rot"};
  for (ExecutorOptions options :
       {ExecutorOptions{}, ExecutorOptions{5, 2, false},
        ExecutorOptions{4, 1, false}, ExecutorOptions{6, 4, false}}) {
    Problem prob{n, {}, options};
    for (int layer = 0; layer < 3; ++layer) {
      for (int64_t w = 0; w < n; ++w)
        for (int r = 0; r < 2; ++r) {
          std::string name = rotations[(w + 2 * layer + r) % 4];
          std::vector<double> params = {0.3 + 0.2 * w - layer + r};
          if (name == "Rot")
            params = {0.1 * w, -0.4 + r, 0.5 * layer};
          prob.circuit.push_back({name, params, {w}, coin(rng)});
        }
      for (int64_t w = 0; w < n; ++w) {
        int64_t a = w, b = (w + 1) % n;
        if (layer == 1)
          std::swap(a, b);
        prob.circuit.push_back({"CNOT", {}, {a, b}});
      }
    }
    int64_t numParams = 0;
    std::vector<double> jac = adjoint(prob, numParams);
    auto shift = [](std::function<double(double)> f) {
      return (f(M_PI / 2) - f(-M_PI / 2)) / 2;
    };
    std::vector<double> ps = byShifts(prob, numParams, shift, 3);
    for (size_t i = 0; i < jac.size(); ++i)
      EXPECT_NEAR(jac[i], ps[i], 1e-12)
          << "tileBits " << options.tileBits << ", entry " << i;
  }
}

TEST(Adjoint, ThreadsDoNotChangeTheJacobian) {
  // 15 qubits: above the OpenMP threshold, so tiles and whole-state kernels
  // split their work across threads.
  std::mt19937_64 rng(21);
  Problem serial{15, randomCircuit(kAllParametric, 15, 60, rng),
                 ExecutorOptions{}};
  serial.options.parallel = false;
  Problem threaded = serial;
  threaded.options.parallel = true;
  int64_t numSerial = 0, numThreaded = 0;
  std::vector<double> a = adjoint(serial, numSerial);
  std::vector<double> b = adjoint(threaded, numThreaded);
  ASSERT_EQ(numSerial, numThreaded);
  for (size_t i = 0; i < a.size(); ++i)
    EXPECT_NEAR(a[i], b[i], 1e-12) << "entry " << i;
}

TEST(Adjoint, RefusesBrokenTapes) {
  Device d;
  d.allocate(2);
  d.tapeStart();
  d.apply("RX", {0.1}, {0});
  d.measure(0, 0);
  d.tapeStop();
  int64_t z = d.addObservable(Observable::named(NamedObservable::PauliZ, 0));
  EXPECT_THROW(d.adjointJacobian({z}), RuntimeError);
  d.tapeStart();
  d.apply("RX", {0.1}, {0});
  d.tapeStop();
  d.apply("RX", {0.1}, {1});
  EXPECT_THROW(d.adjointJacobian({z}), RuntimeError);
}

} // namespace
