//===- AdjointTest.cpp - Adjoint Jacobian vs shifts and differences ------===//
#include "Reference.h"

#include "qgrad/Runtime/Executor.h"
#include "qgrad/Runtime/Gates.h"

#include <gtest/gtest.h>

#include <cmath>
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

// The sweep's rewrites and in-place passes, op by op: random sequences of
// adjoint steps (one-target rotations, with and without controls and adjoint
// flags, and Rot's three factors), CNOT rings in both directions (so folded
// CNOTs with the control above the target and plain ones below), Toffoli,
// PauliX, Hadamard and SWAP, with targets and controls on every bit (0 and
// 1 inside a vector, the top bits). runOps (fused, folded, paired, tiled, in
// place) must give the same states and derivatives as runOp one op at a time.
std::vector<KernelOp> randomSweepOps(int n, int layers, std::mt19937_64 &rng,
                                     int64_t &numSlots) {
  std::uniform_real_distribution<double> angle(-M_PI, M_PI);
  std::uniform_int_distribution<int> bit(0, n - 1), kind(0, 15);
  auto gate = [](const char *name) { return gateIdFromName(name); };
  const char *rotations[] = {"RX", "RY", "RZ", "PhaseShift", "Rot"};
  std::vector<KernelOp> ops;
  int64_t slot = 0;
  auto steps = [&](const char *name, std::vector<int> bits) {
    double params[3] = {angle(rng), angle(rng), angle(rng)};
    std::vector<TapeStep> tape;
    appendTapeSteps(gate(name), params, bits, rng() & 1, slot, tape);
    slot += gateInfo(gate(name)).numParams;
    // The sweep runs a gate's factors backwards.
    for (auto step = tape.rbegin(); step != tape.rend(); ++step)
      ops.push_back(*step->deriv);
  };
  for (int layer = 0; layer < layers; ++layer) {
    bool up = rng() & 1;
    for (int b = 0; b < n; ++b) {
      int t = up ? b : (b + 1) % n, c = up ? (b + 1) % n : b;
      ops.push_back(lowerGate(gate("CNOT"), nullptr, {c, t}, false));
    }
    for (int b = 0; b < n; ++b) {
      int k = kind(rng), other = (b + 1 + bit(rng) % (n - 1)) % n;
      // Mostly two rotations on one bit (a pair), sometimes one, a
      // controlled one or a constant gate in between.
      steps(rotations[rng() % 5], {b});
      if (k < 10)
        steps(rotations[rng() % 3], {b});
      else if (k == 10)
        steps("CRX", {other, b});
      else if (k == 11)
        ops.push_back(lowerGate(gate("Toffoli"), nullptr,
                                {other,
                                 (other + 1 + b) % n == b ? (other + 2 + b) % n
                                                          : (other + 1 + b) % n,
                                 b},
                                false));
      else if (k == 12)
        ops.push_back(lowerGate(gate("PauliX"), nullptr, {b}, false));
      else if (k == 13)
        ops.push_back(lowerGate(gate("Hadamard"), nullptr, {b}, false));
      else if (k == 14)
        ops.push_back(lowerGate(gate("SWAP"), nullptr, {b, other}, false));
    }
  }
  numSlots = slot;
  return ops;
}

void expectSweepSameAsOpByOp(int n, int layers, int numStates,
                             ExecutorOptions options, uint64_t seed) {
  std::mt19937_64 rng(seed);
  int64_t numSlots = 0;
  std::vector<KernelOp> ops = randomSweepOps(n, layers, rng, numSlots);
  // Normalised states: the derivatives are O(1), so 1e-12 is tight.
  std::vector<std::vector<Complex>> expected, actual;
  for (int s = 0; s < numStates; ++s)
    expected.push_back(randomState(n, rng));
  actual = expected;
  std::vector<double> expectedDerivs((numStates - 1) * numSlots, 0.0),
      actualDerivs = expectedDerivs;
  std::vector<Complex *> e, a;
  for (int s = 0; s < numStates; ++s) {
    e.push_back(expected[s].data());
    a.push_back(actual[s].data());
  }
  StateBatch one{e.data(), numStates, n, expectedDerivs.data(), numSlots};
  StateBatch all{a.data(), numStates, n, actualDerivs.data(), numSlots};
  for (const KernelOp &op : ops)
    runOp(op, one, false);
  runOps(ops, all, options);
  std::string where = std::to_string(n) + " bits, " +
                      std::to_string(numStates) + " states, tileBits " +
                      std::to_string(options.tileBits) + ", contiguous " +
                      std::to_string(options.minContiguousBits);
  for (size_t i = 0; i < expectedDerivs.size(); ++i)
    ASSERT_NEAR(expectedDerivs[i], actualDerivs[i], 1e-12)
        << where << ", derivative " << i;
  for (int s = 0; s < numStates; ++s)
    for (size_t i = 0; i < expected[s].size(); ++i)
      ASSERT_NEAR(std::abs(expected[s][i] - actual[s][i]), 0.0, 1e-12)
          << where << ", state " << s << ", amplitude " << i;
}

TEST(Adjoint, SweepOpsMatchOpByOp) {
  uint64_t seed = 100;
  for (ExecutorOptions options :
       {ExecutorOptions{}, ExecutorOptions{4, 2, false},
        ExecutorOptions{5, 2, false}, ExecutorOptions{6, 3, false},
        ExecutorOptions{6, 2, false}, ExecutorOptions{7, 4, false},
        ExecutorOptions{5, 1, false}, ExecutorOptions{6, 2, true}})
    for (int numStates : {2, 3, 4})
      for (int n : {5, 9})
        expectSweepSameAsOpByOp(n, 3, numStates, options, seed++);
}

TEST(Adjoint, SweepOpsWithPageRunsMatchOpByOp) {
  // Tiles of 12 bits or more for the sweep keep 8 contiguous low bits
  // (runs of 4 KiB): 14 qubits with tiles of 13 and 12 bits, so passes
  // have few free bits, targets sit above and inside the runs.
  expectSweepSameAsOpByOp(14, 2, 2, ExecutorOptions{13, 4, false}, 7);
  expectSweepSameAsOpByOp(14, 2, 3, ExecutorOptions{14, 4, false}, 8);
  expectSweepSameAsOpByOp(15, 1, 2, ExecutorOptions{}, 9);
}

TEST(Adjoint, InPlaceSweepMatchesParameterShift) {
  // The benchmark's layered shape with random rotation kinds, adjoint flags
  // and ring directions, several observables, against the parameter-shift
  // rule: small tiles (in-place passes with short runs) and 14 qubits with
  // the default options (runs of 2^8 amplitudes).
  std::mt19937_64 rng(41);
  const char *rotations[] = {"RX", "RY", "RZ", "Rot"};
  auto layered = [&](int n, int layers) {
    std::vector<GateCall> circuit;
    for (int layer = 0; layer < layers; ++layer) {
      for (int64_t w = 0; w < n; ++w)
        for (int r = 0; r < 2; ++r) {
          std::string name = rotations[rng() % 4];
          std::vector<double> params = {0.3 + 0.2 * w - layer + r};
          if (name == "Rot")
            params = {0.1 * w, -0.4 + r, 0.5 * layer};
          circuit.push_back({name, params, {w}, static_cast<bool>(rng() & 1)});
        }
      bool down = rng() & 1;
      for (int64_t w = 0; w < n; ++w) {
        int64_t a = w, b = (w + 1) % n;
        if (down)
          std::swap(a, b);
        circuit.push_back({"CNOT", {}, {a, b}});
      }
      if (layer == 0)
        circuit.push_back({"Toffoli", {}, {n - 1, 0, n / 2}});
    }
    return circuit;
  };
  auto shift = [](std::function<double(double)> f) {
    return (f(M_PI / 2) - f(-M_PI / 2)) / 2;
  };
  for (auto [n, layers, options] :
       {std::tuple{8, 3, ExecutorOptions{5, 2, false}},
        std::tuple{8, 3, ExecutorOptions{6, 3, false}},
        std::tuple{14, 2, ExecutorOptions{}}}) {
    Problem prob{n, layered(n, layers), options};
    int64_t numParams = 0;
    std::vector<double> jac = adjoint(prob, numParams);
    std::vector<double> ps = byShifts(prob, numParams, shift, 3);
    for (size_t i = 0; i < jac.size(); ++i)
      EXPECT_NEAR(jac[i], ps[i], 1e-12)
          << n << " qubits, tileBits " << options.tileBits << ", entry " << i;
  }
}

TEST(Adjoint, LoneFoldedStepIsCnotThenStep) {
  // A step that carries a folded CNOT (targets[1]) but no pair partner runs
  // the CNOT and then the step, whole-state and on tiles in place.
  const int n = 7;
  double angle = 0.7;
  for (ExecutorOptions options :
       {ExecutorOptions{}, ExecutorOptions{4, 2, false}})
    for (int t = 0; t < n; ++t)
      for (int c = t + 1; c < n; ++c) {
        std::vector<TapeStep> tape;
        appendTapeSteps(gateIdFromName("RX"), &angle, {t}, false, 0, tape);
        KernelOp folded = *tape[0].deriv;
        folded.targets.push_back(c);
        // A Hadamard elsewhere makes it a pass of two ops, which is tiled
        // (a lone op runs on the whole state).
        KernelOp h = lowerGate(gateIdFromName("Hadamard"), nullptr,
                               {(c + 1) % n}, false);
        std::vector<KernelOp> plain = {
            lowerGate(gateIdFromName("CNOT"), nullptr, {c, t}, false),
            *tape[0].deriv, h};
        std::mt19937_64 rng(t * n + c);
        std::vector<std::vector<Complex>> a = {randomState(n, rng),
                                               randomState(n, rng)},
                                          b = a;
        double da = 0, db = 0;
        Complex *pa[2] = {a[0].data(), a[1].data()},
                *pb[2] = {b[0].data(), b[1].data()};
        runOps({folded, h}, StateBatch{pa, 2, n, &da, 1}, options);
        for (const KernelOp &op : plain)
          runOp(op, StateBatch{pb, 2, n, &db, 1}, false);
        EXPECT_NEAR(da, db, 1e-12) << "target " << t << ", control " << c;
        for (int s = 0; s < 2; ++s)
          for (size_t i = 0; i < a[s].size(); ++i)
            ASSERT_NEAR(std::abs(a[s][i] - b[s][i]), 0.0, 1e-12)
                << "target " << t << ", control " << c;
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

// Two rotations on the only qubit of a register pair up in the sweep only
// when the state has a whole vector of 4 amplitudes: on 1 qubit the paired
// step read and wrote past the state (found as wrong, varying Jacobians of
// RX(x) RY(y) through repeated qgrad run calls; ASan reports it at once).
TEST(Adjoint, RotationsOnASingleQubitRegister) {
  const double x = 0.4, y = -0.9;
  Device d;
  for (int repetition = 0; repetition < 50; ++repetition) {
    // A larger state first leaves other values in the memory the 1-qubit
    // state's buffer is then carved from.
    d.allocate(4);
    for (int64_t w = 0; w < 4; ++w)
      d.apply("RX", {1e300 * (w + 1)}, {w});
    d.state();
    d.clearObservables();
    d.allocate(1);
    d.tapeStart();
    d.apply("RX", {x}, {0});
    d.apply("RY", {y}, {0});
    d.tapeStop();
    int64_t z = d.addObservable(Observable::named(NamedObservable::PauliZ, 0));
    std::vector<double> jacobian = d.adjointJacobian({z});
    ASSERT_EQ(jacobian.size(), 2u);
    // <Z> = cos x cos y.
    EXPECT_NEAR(jacobian[0], -std::sin(x) * std::cos(y), 1e-14);
    EXPECT_NEAR(jacobian[1], -std::cos(x) * std::sin(y), 1e-14);
  }
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
