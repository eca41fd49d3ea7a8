//===- CompiledProgramTest.cpp - Modules compiled and called in process ---===//

#include "qgrad/Driver/CompiledProgram.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace qgrad::driver;

namespace {

HostValue scalar(double value) {
  HostValue host;
  host.bytes.resize(sizeof value);
  std::memcpy(host.bytes.data(), &value, sizeof value);
  return host;
}

HostValue vector(std::vector<double> values) {
  HostValue host;
  host.isTensor = true;
  host.shape = {int64_t(values.size())};
  host.bytes.resize(values.size() * sizeof(double));
  std::memcpy(host.bytes.data(), values.data(), host.bytes.size());
  return host;
}

// f(x, w) = sin(x) * sum(w) and its gradient, one module, two entries.
constexpr const char *kProgram = R"(
func.func @f(%x: f64, %w: tensor<3xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %w0 = tensor.extract %w[%c0] : tensor<3xf64>
  %w1 = tensor.extract %w[%c1] : tensor<3xf64>
  %w2 = tensor.extract %w[%c2] : tensor<3xf64>
  %s0 = arith.addf %w0, %w1 : f64
  %s = arith.addf %s0, %w2 : f64
  %sx = math.sin %x : f64
  %r = arith.mulf %sx, %s : f64
  return %r : f64
}
func.func @df(%x: f64, %w: tensor<3xf64>) -> (f64, tensor<3xf64>) {
  %g:2 = gradient.grad "auto" @f(%x, %w) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, tensor<3xf64>) -> (f64, tensor<3xf64>)
  return %g#0, %g#1 : f64, tensor<3xf64>
}
)";

TEST(CompiledProgram, CompilesSeveralEntriesAndCallsThemRepeatedly) {
  auto program =
      CompiledProgram::compileText(kProgram, "program.mlir", {"f", "df"});
  ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
  for (double x : {0.3, -1.2}) {
    std::vector<HostValue> args = {scalar(x), vector({0.5, 1.0, -0.25})};
    auto value = program->call("f", args);
    ASSERT_TRUE(bool(value)) << llvm::toString(value.takeError());
    EXPECT_NEAR((*value)[0].getAsDouble(0), std::sin(x) * 1.25, 1e-15);
    auto gradient = program->call("df", args);
    ASSERT_TRUE(bool(gradient)) << llvm::toString(gradient.takeError());
    EXPECT_NEAR((*gradient)[0].getAsDouble(0), std::cos(x) * 1.25, 1e-15);
    ASSERT_EQ((*gradient)[1].getNumElements(), 3);
    for (int i = 0; i < 3; ++i)
      EXPECT_NEAR((*gradient)[1].getAsDouble(i), std::sin(x), 1e-15);
  }
}

TEST(CompiledProgram, ArgumentsAreCheckedAgainstTheSignature) {
  auto program = CompiledProgram::compileText(kProgram, "program.mlir", {"f"});
  ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
  std::vector<HostValue> wrongShape = {scalar(0.1), vector({1.0, 2.0})};
  auto result = program->call("f", wrongShape);
  ASSERT_FALSE(bool(result));
  std::string message = llvm::toString(result.takeError());
  EXPECT_NE(message.find("argument 1: expected tensor<3xf64>"),
            std::string::npos)
      << message;
  std::vector<HostValue> tooFew = {scalar(0.1)};
  auto missing = program->call("f", tooFew);
  ASSERT_FALSE(bool(missing));
  EXPECT_NE(llvm::toString(missing.takeError()).find("takes 2 arguments"),
            std::string::npos);
  auto unknown = program->call("df", tooFew);
  ASSERT_FALSE(bool(unknown));
  EXPECT_NE(llvm::toString(unknown.takeError()).find("'df' was not compiled"),
            std::string::npos);
}

TEST(CompiledProgram, SyntaxErrorsAreLocated) {
  auto program = CompiledProgram::compileText(
      "func.func @f(%x: f64) -> f64 {\n  %y = arith.mulf %x : f64\n}\n",
      "broken.mlir", {"f"});
  ASSERT_FALSE(bool(program));
  std::string message = llvm::toString(program.takeError());
  EXPECT_NE(message.find("broken.mlir:2:"), std::string::npos) << message;
}

TEST(CompiledProgram, RuntimeFailuresAreErrorsWithTheRuntimesMessage) {
  // A qubit count computed at run time: 1000 qubits cannot be allocated.
  auto program = CompiledProgram::compileText(R"(
func.func @circuit(%n: i64) -> f64 {
  %r = quantum.alloc(%n) : !quantum.reg
  %q = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %z = quantum.namedobs %q[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  %r1 = quantum.insert %r[ 0], %q : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}
)",
                                              "alloc.mlir", {"circuit"});
  ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
  HostValue n;
  n.element = ElementKind::I64;
  n.bytes.resize(sizeof(int64_t));
  int64_t thousand = 1000;
  std::memcpy(n.bytes.data(), &thousand, sizeof thousand);
  std::vector<HostValue> args = {n};
  auto result = program->call("circuit", args);
  ASSERT_FALSE(bool(result));
  EXPECT_NE(llvm::toString(result.takeError()).find("runtime: "),
            std::string::npos);
  // The error is not sticky across calls: a valid count works afterwards.
  int64_t one = 1;
  std::memcpy(args[0].bytes.data(), &one, sizeof one);
  auto ok = program->call("circuit", args);
  ASSERT_TRUE(bool(ok)) << llvm::toString(ok.takeError());
  EXPECT_NEAR((*ok)[0].getAsDouble(0), 1.0, 1e-15);
}

} // namespace

// Arguments borrowed from the caller are read in place, and a dense result is
// handed over without a copy, owning its buffer; two results may share one
// buffer (the program returns the same tensor twice), and an argument the
// body overwrites is copied first when the entry marks it read-only.
constexpr const char *kInPlaceProgram = R"(
func.func @scale(%w: tensor<4xf64> {bufferization.writable = false}, %s: f64)
    -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %init = tensor.empty() : tensor<4xf64>
  %scaled = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]} ins(%w : tensor<4xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%x: f64, %o: f64):
    %y = arith.mulf %x, %s : f64
    linalg.yield %y : f64
  } -> tensor<4xf64>
  %c0 = arith.constant 0 : index
  %overwritten = tensor.insert %s into %w[%c0] : tensor<4xf64>
  return %scaled, %scaled, %overwritten : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}
)";

TEST(CompiledProgram, BorrowsArgumentsAndHandsOverResultBuffers) {
  auto program =
      CompiledProgram::compileText(kInPlaceProgram, "in_place.mlir", {"scale"});
  ASSERT_TRUE(bool(program)) << llvm::toString(program.takeError());
  const double data[4] = {1.0, -2.0, 0.5, 4.0};
  double factor = 3.0;
  std::vector<HostValue> args = {
      HostValue::borrow(ElementKind::F64, true, {4}, data, sizeof data),
      HostValue::borrow(ElementKind::F64, false, {}, &factor, sizeof factor)};
  auto results = program->call("scale", args);
  ASSERT_TRUE(bool(results)) << llvm::toString(results.takeError());
  ASSERT_EQ(results->size(), 3u);
  const HostValue &scaled = (*results)[0];
  EXPECT_TRUE(scaled.isExternal());
  EXPECT_TRUE(scaled.bytes.empty());
  EXPECT_NE(scaled.owner, nullptr);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(scaled.getAsDouble(i), 3.0 * data[i]);
  // The same tensor returned twice: one buffer, owned jointly.
  EXPECT_EQ((*results)[1].data(), scaled.data());
  EXPECT_EQ((*results)[1].owner, scaled.owner);
  EXPECT_EQ(scaled.owner.use_count(), 2);
  // The caller's array is untouched; the overwritten copy is a result.
  EXPECT_EQ(data[0], 1.0);
  EXPECT_EQ((*results)[2].getAsDouble(0), 3.0);
  EXPECT_EQ((*results)[2].getAsDouble(1), -2.0);
  EXPECT_NE((*results)[2].data(), static_cast<const void *>(data));
}
