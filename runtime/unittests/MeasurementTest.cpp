//===- MeasurementTest.cpp - Expectations, variances, probabilities ------===//
#include "Reference.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace qgrad::rt;
using namespace qgrad::rt::test;

namespace {

/// RY(a) on wire 0 and RX(b) on wire 1 of two qubits.
Device productState(double a, double b) {
  Device d;
  d.allocate(2);
  d.apply("RY", {a}, {0});
  d.apply("RX", {b}, {1});
  return d;
}

int64_t named(Device &d, NamedObservable kind, int64_t wire) {
  return d.addObservable(Observable::named(kind, wire));
}

TEST(Measurement, SingleQubitExpectationsAndVariances) {
  double a = 0.7, b = -1.3;
  Device d = productState(a, b);
  // RY(a)|0> = cos(a/2)|0> + sin(a/2)|1>: <Z> = cos a, <X> = sin a, <Y> = 0.
  EXPECT_NEAR(d.expval(named(d, NamedObservable::PauliZ, 0)), std::cos(a),
              1e-14);
  EXPECT_NEAR(d.expval(named(d, NamedObservable::PauliX, 0)), std::sin(a),
              1e-14);
  EXPECT_NEAR(d.expval(named(d, NamedObservable::PauliY, 0)), 0.0, 1e-14);
  // RX(b)|0>: <Z> = cos b, <Y> = -sin b.
  EXPECT_NEAR(d.expval(named(d, NamedObservable::PauliZ, 1)), std::cos(b),
              1e-14);
  EXPECT_NEAR(d.expval(named(d, NamedObservable::PauliY, 1)), -std::sin(b),
              1e-14);
  EXPECT_NEAR(d.expval(named(d, NamedObservable::Hadamard, 0)),
              (std::cos(a) + std::sin(a)) / std::sqrt(2.0), 1e-14);
  EXPECT_NEAR(d.expval(named(d, NamedObservable::Identity, 1)), 1.0, 1e-14);
  EXPECT_NEAR(d.var(named(d, NamedObservable::PauliZ, 0)),
              std::sin(a) * std::sin(a), 1e-14);
  EXPECT_NEAR(d.var(named(d, NamedObservable::PauliY, 1)),
              std::cos(b) * std::cos(b), 1e-14);
  double h = (std::cos(a) + std::sin(a)) / std::sqrt(2.0);
  EXPECT_NEAR(d.var(named(d, NamedObservable::Hadamard, 0)), 1 - h * h, 1e-14);
}

TEST(Measurement, TensorHamiltonianAndHermitian) {
  double a = 0.4, b = 2.1;
  Device d = productState(a, b);
  int64_t z0 = named(d, NamedObservable::PauliZ, 0);
  int64_t y1 = named(d, NamedObservable::PauliY, 1);
  int64_t zy =
      d.addObservable(Observable::tensor({d.observable(z0), d.observable(y1)}));
  double ez = std::cos(a), ey = -std::sin(b);
  EXPECT_NEAR(d.expval(zy), ez * ey, 1e-14);
  EXPECT_NEAR(d.var(zy), 1 - ez * ey * ez * ey, 1e-14);

  int64_t ham = d.addObservable(Observable::hamiltonian(
      {0.5, -2.0}, {d.observable(z0), d.observable(zy)}));
  double mean = 0.5 * ez - 2.0 * ez * ey;
  EXPECT_NEAR(d.expval(ham), mean, 1e-14);
  // H^2 = 0.25 + 4 - 2 * 0.5 * 2 * Z0 (Z0 Y1) = 4.25 - 2 Y1.
  EXPECT_NEAR(d.var(ham), 4.25 - 2 * ey - mean * mean, 1e-13);

  // Hermitian diag(1, 3) on wire 0 = 2 - Z; [[0, -i], [i, 0]] on wire 1 = Y.
  int64_t diag = d.addObservable(Observable::hermitian({1, 0, 0, 3}, {0}));
  EXPECT_NEAR(d.expval(diag), 2 - ez, 1e-14);
  EXPECT_NEAR(d.var(diag), 1 - ez * ez, 1e-13);
  int64_t herY = d.addObservable(
      Observable::hermitian({0, Complex(0, -1), Complex(0, 1), 0}, {1}));
  int64_t mixed = d.addObservable(
      Observable::tensor({d.observable(z0), d.observable(herY)}));
  EXPECT_NEAR(d.expval(mixed), ez * ey, 1e-14);
  // A two-wire Hermitian: Z (x) Z as a matrix, on wires (1, 0).
  int64_t zz = d.addObservable(Observable::hermitian(
      {1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1}, {1, 0}));
  EXPECT_NEAR(d.expval(zz), std::cos(a) * std::cos(b), 1e-14);
}

TEST(Measurement, ProbabilitiesOnSubsets) {
  double a = 0.9, b = 2.5, c = -0.6;
  Device d;
  d.allocate(3);
  d.apply("RY", {a}, {0});
  d.apply("RY", {b}, {1});
  d.apply("RY", {c}, {2});
  double p1[3] = {std::pow(std::sin(a / 2), 2), std::pow(std::sin(b / 2), 2),
                  std::pow(std::sin(c / 2), 2)};
  auto p = [&](int wire, int bit) { return bit ? p1[wire] : 1 - p1[wire]; };
  std::vector<double> all = d.probs(nullptr, 0);
  ASSERT_EQ(all.size(), 8u);
  for (int i = 0; i < 8; ++i)
    EXPECT_NEAR(all[i], p(0, i >> 2) * p(1, (i >> 1) & 1) * p(2, i & 1), 1e-14);
  int64_t wires[2] = {2, 0}; // wire 2 is the high outcome bit
  std::vector<double> sub = d.probs(wires, 2);
  for (int i = 0; i < 4; ++i)
    EXPECT_NEAR(sub[i], p(2, i >> 1) * p(0, i & 1), 1e-14);
  int64_t one = 1;
  std::vector<double> single = d.probs(&one, 1);
  EXPECT_NEAR(single[1], p1[1], 1e-14);
}

TEST(Measurement, BellStateEntanglement) {
  Device d;
  d.allocate(2);
  d.apply("Hadamard", {}, {0});
  d.apply("CNOT", {}, {0, 1});
  int64_t z0 = named(d, NamedObservable::PauliZ, 0);
  int64_t z1 = named(d, NamedObservable::PauliZ, 1);
  int64_t x0 = named(d, NamedObservable::PauliX, 0);
  int64_t x1 = named(d, NamedObservable::PauliX, 1);
  EXPECT_NEAR(d.expval(z0), 0.0, 1e-15);
  EXPECT_NEAR(d.expval(d.addObservable(
                  Observable::tensor({d.observable(z0), d.observable(z1)}))),
              1.0, 1e-15);
  EXPECT_NEAR(d.expval(d.addObservable(
                  Observable::tensor({d.observable(x0), d.observable(x1)}))),
              1.0, 1e-15);
}

TEST(Measurement, MidCircuitMeasurementCollapses) {
  Device d;
  d.allocate(2);
  d.apply("Hadamard", {}, {0});
  d.apply("CNOT", {}, {0, 1});
  int outcome = d.measure(0, 1);
  EXPECT_EQ(outcome, 1);
  std::vector<Complex> psi = stateOf(d);
  EXPECT_NEAR(std::abs(psi[3]), 1.0, 1e-15);
  // A fresh Bell pair measured without postselection gives equal wires.
  d.seed(3);
  for (int trial = 0; trial < 20; ++trial) {
    d.allocate(2);
    d.apply("Hadamard", {}, {0});
    d.apply("CNOT", {}, {0, 1});
    int first = d.measure(0, -1);
    EXPECT_EQ(d.measure(1, -1), first);
  }
}

} // namespace
