//===- QNodeTest.cpp - Quantum differentiation methods of qnodes ----------===//

#include "qgrad/Dialect/Quantum/IR/QNode.h"
#include "qgrad/Dialect/Quantum/IR/QuantumDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace qgrad::quantum;

namespace {

class QNodeTest : public ::testing::Test {
protected:
  QNodeTest() { context.loadDialect<QuantumDialect, func::FuncDialect>(); }

  /// A one-qubit qnode with the given attributes, returning the given
  /// measurements of RY(x)|0>.
  func::FuncOp parseQNode(StringRef attributes, StringRef measurements,
                          StringRef resultTypes) {
    std::string source =
        ("func.func @q(%x: f64) -> (" + resultTypes + ") attributes {" +
         attributes + "} {\n" +
         "  %r = quantum.alloc( 1) : !quantum.reg\n"
         "  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit\n"
         "  %q = quantum.custom \"RY\"(%x) %q0 : !quantum.bit\n"
         "  %z = quantum.namedobs %q[PauliZ] : !quantum.obs\n"
         "  %c = quantum.compbasis qubits %q : !quantum.obs\n" +
         measurements + "\n}\n")
            .str();
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module)
      return nullptr;
    return cast<func::FuncOp>(module->getBody()->front());
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

constexpr StringLiteral kExpval = "  %e = quantum.expval %z : f64\n"
                                  "  return %e : f64";
constexpr StringLiteral kProbs = "  %p = quantum.probs %c : tensor<2xf64>\n"
                                 "  return %p : tensor<2xf64>";

TEST_F(QNodeTest, MarkedFunctionsAreQNodes) {
  func::FuncOp qnode = parseQNode("qnode", kExpval, "f64");
  ASSERT_TRUE(qnode);
  EXPECT_TRUE(isQNode(qnode));
  func::FuncOp plain = parseQNode("", kExpval, "f64");
  ASSERT_TRUE(plain);
  EXPECT_FALSE(isQNode(plain));
}

TEST_F(QNodeTest, DeclaredMethods) {
  struct Case {
    StringRef attributes;
    QNodeDiffMethod method;
  } cases[] = {
      {"qnode", QNodeDiffMethod::Best},
      {"qnode, diff_method = \"best\"", QNodeDiffMethod::Best},
      {"qnode, diff_method = \"auto\"", QNodeDiffMethod::Best},
      {"qnode, diff_method = \"adjoint\"", QNodeDiffMethod::Adjoint},
      {"qnode, diff_method = \"parameter-shift\"",
       QNodeDiffMethod::ParameterShift},
      {"qnode, diff_method = \"finite-diff\"", QNodeDiffMethod::FiniteDiff},
  };
  for (const Case &c : cases) {
    func::FuncOp qnode = parseQNode(c.attributes, kExpval, "f64");
    ASSERT_TRUE(qnode) << c.attributes.str();
    FailureOr<QNodeDiffMethod> method = getDiffMethod(qnode);
    ASSERT_TRUE(succeeded(method)) << c.attributes.str();
    EXPECT_EQ(*method, c.method) << c.attributes.str();
  }
}

TEST_F(QNodeTest, UnknownMethodIsAnError) {
  func::FuncOp qnode =
      parseQNode("qnode, diff_method = \"backprop\"", kExpval, "f64");
  ASSERT_TRUE(qnode);
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str();
    return success();
  });
  EXPECT_TRUE(failed(getDiffMethod(qnode)));
  EXPECT_NE(diagnostics.find("unknown diff_method \"backprop\""),
            std::string::npos)
      << diagnostics;
}

TEST_F(QNodeTest, BestIsAdjointForExpectationValuesOnly) {
  func::FuncOp expvals = parseQNode("qnode", kExpval, "f64");
  ASSERT_TRUE(expvals);
  EXPECT_EQ(resolveDiffMethod(expvals, QNodeDiffMethod::Best),
            QNodeDiffMethod::Adjoint);
  func::FuncOp probs = parseQNode("qnode", kProbs, "tensor<2xf64>");
  ASSERT_TRUE(probs);
  EXPECT_EQ(resolveDiffMethod(probs, QNodeDiffMethod::Best),
            QNodeDiffMethod::ParameterShift);
  EXPECT_EQ(resolveDiffMethod(probs, QNodeDiffMethod::Adjoint),
            QNodeDiffMethod::Adjoint);
}

TEST_F(QNodeTest, MeasurementsMustSuitTheMethod) {
  struct Case {
    StringRef method;
    StringRef measurements;
    StringRef resultTypes;
    bool differentiable;
  } cases[] = {
      {"parameter-shift", kExpval, "f64", true},
      {"parameter-shift", kProbs, "tensor<2xf64>", true},
      {"adjoint", kExpval, "f64", true},
      {"adjoint", kProbs, "tensor<2xf64>", false},
      {"parameter-shift", "  %v = quantum.var %z : f64\n  return %v : f64",
       "f64", false},
      {"best", kProbs, "tensor<2xf64>", true},
  };
  ScopedDiagnosticHandler handler(&context,
                                  [](Diagnostic &) { return success(); });
  for (const Case &c : cases) {
    std::string attributes =
        ("qnode, diff_method = \"" + c.method + "\"").str();
    func::FuncOp qnode = parseQNode(attributes, c.measurements, c.resultTypes);
    ASSERT_TRUE(qnode) << attributes;
    EXPECT_EQ(succeeded(verifyQNodeDifferentiable(qnode)), c.differentiable)
        << attributes << "\n"
        << c.measurements.str();
  }
}

} // namespace
