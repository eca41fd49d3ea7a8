//===- ProgramTest.cpp - The C++ builder API ------------------------------===//
//
// Programs built with qgrad::builder, compiled, and their values and
// gradients checked against closed forms and central differences.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Builder/Program.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace qgrad::builder;

namespace {

double centralDifference(const CompiledFunction &f, std::vector<double> x,
                         size_t i) {
  const double h = 1e-5;
  double keep = x[i];
  x[i] = keep + h;
  double up = f(x);
  x[i] = keep - h;
  double down = f(x);
  return (up - down) / (2 * h);
}

TEST(BuilderProgram, ClassicalFunctionAndGradient) {
  Program program;
  // f(x, y) = sin(x) y^2 + exp(x / y)
  FunctionRef f =
      program.function("f", 2, [](Body &, std::span<const Scalar> v) {
        return sin(v[0]) * v[1] * v[1] + exp(v[0] / v[1]);
      });
  auto compiled = program.compile(f);
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  std::vector<double> x = {0.7, 1.3}, g(2);
  double value = compiled->valueAndGradient(x, g);
  double e = std::exp(x[0] / x[1]);
  EXPECT_NEAR(value, std::sin(x[0]) * x[1] * x[1] + e, 1e-14);
  EXPECT_NEAR((*compiled)(x), value, 0.0);
  EXPECT_NEAR(g[0], std::cos(x[0]) * x[1] * x[1] + e / x[1], 1e-13);
  EXPECT_NEAR(g[1], 2 * std::sin(x[0]) * x[1] - e * x[0] / (x[1] * x[1]),
              1e-13);
}

// Two qnodes (one observable a tensor product) and a classical function
// around them: the gradient through all, for each diff method.
class BuilderHybrid : public ::testing::TestWithParam<DiffMethod> {};

TEST_P(BuilderHybrid, GradientThroughQNodes) {
  Program program;
  // After RX(2a) on 0, CNOT, RY(a b) on 1 the state is
  // cos a (c|00> + s|01>) - i sin a (-s|10> + c|11>) with c, s the cosine
  // and sine of a b / 2: <X1> = cos(2a) sin(ab) and <Z0 Z1> = cos(ab).
  auto prepare = [](Circuit &c, std::span<const Scalar> x) {
    c.gate("RX", {2.0 * x[0]}, {0});
    c.gate("CNOT", {}, {0, 1});
    c.gate("RY", {x[0] * x[1]}, {1});
  };
  FunctionRef x1 = program.qnode("x1", 2, 2, GetParam(),
                                 [&](Circuit &c, std::span<const Scalar> x) {
                                   prepare(c, x);
                                   return c.expval(PauliX(1));
                                 });
  FunctionRef zz = program.qnode("zz", 2, 2, GetParam(),
                                 [&](Circuit &c, std::span<const Scalar> x) {
                                   prepare(c, x);
                                   return c.expval(PauliZ(0) * PauliZ(1));
                                 });
  // loss = cos(<X1>) + a <Z0 Z1>
  FunctionRef loss =
      program.function("loss", 2, [&](Body &b, std::span<const Scalar> x) {
        return cos(b.call(x1, {x[0], x[1]})) + x[0] * b.call(zz, {x[0], x[1]});
      });
  auto compiled = program.compile(loss);
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  std::vector<double> x = {0.4, -1.1}, g(2);
  double value = compiled->valueAndGradient(x, g);
  double a = x[0], b = x[1];
  double e = std::cos(2 * a) * std::sin(a * b);
  double ea = -2 * std::sin(2 * a) * std::sin(a * b) +
              std::cos(2 * a) * std::cos(a * b) * b;
  double eb = std::cos(2 * a) * std::cos(a * b) * a;
  double z = std::cos(a * b);
  EXPECT_NEAR(value, std::cos(e) + a * z, 1e-12);
  EXPECT_NEAR(g[0], -std::sin(e) * ea + z - a * std::sin(a * b) * b, 1e-10);
  EXPECT_NEAR(g[1], -std::sin(e) * eb - a * std::sin(a * b) * a, 1e-10);
  for (size_t i = 0; i < 2; ++i)
    EXPECT_NEAR(g[i], centralDifference(*compiled, x, i), 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Methods, BuilderHybrid,
                         ::testing::Values(DiffMethod::ParameterShift,
                                           DiffMethod::Adjoint));

TEST(BuilderProgram, MlirTextShowsTheQNode) {
  Program program;
  program.qnode("q", 1, 1, DiffMethod::ParameterShift,
                [](Circuit &c, std::span<const Scalar> x) {
                  c.gate("RY", {x[0]}, {0});
                  return c.expval(PauliX(0));
                });
  std::string text = program.mlir();
  EXPECT_NE(text.find("qnode"), std::string::npos);
  EXPECT_NE(text.find("quantum.custom \"RY\""), std::string::npos);
  EXPECT_NE(text.find("[PauliX]"), std::string::npos);
}

TEST(BuilderProgram, ErrorsNameTheFunction) {
  Program program;
  FunctionRef q = program.qnode("q", 1, 1, DiffMethod::ParameterShift,
                                [](Circuit &c, std::span<const Scalar> x) {
                                  c.gate("RX", {x[0]}, {3});
                                  return c.expval(PauliZ(0));
                                });
  auto compiled = program.compile(q);
  ASSERT_FALSE(bool(compiled));
  std::string message = llvm::toString(compiled.takeError());
  EXPECT_NE(message.find("gate 'RX' in 'q' acts on wire 3, but the qnode has "
                         "1 wires"),
            std::string::npos)
      << message;

  Program unknown;
  FunctionRef u = unknown.qnode("u", 1, 1, DiffMethod::ParameterShift,
                                [](Circuit &c, std::span<const Scalar> x) {
                                  c.gate("NoSuchGate", {x[0]}, {0});
                                  return c.expval(PauliZ(0));
                                });
  auto failed = unknown.compile(u);
  ASSERT_FALSE(bool(failed));
  message = llvm::toString(failed.takeError());
  EXPECT_NE(message.find("\"u\""), std::string::npos) << message;
  EXPECT_NE(message.find("NoSuchGate"), std::string::npos) << message;
}

} // namespace
