//===- CircuitBuilderTest.cpp - Building circuits from C++ ----------------===//
//
// Lowering passes build quantum IR with the ops' convenience builders; the
// result must verify and print in the Catalyst syntax.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace qgrad::quantum;

namespace {

class CircuitBuilderTest : public ::testing::Test {
protected:
  CircuitBuilderTest() {
    context.loadDialect<QuantumDialect, func::FuncDialect>();
  }

  std::string print(Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os);
    return text;
  }

  MLIRContext context;
  OpBuilder builder{&context};
  Location loc = builder.getUnknownLoc();
};

TEST_F(CircuitBuilderTest, BuildsAVerifiedCircuit) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  Type f64 = builder.getF64Type();
  auto func = func::FuncOp::create(builder, loc, "circuit",
                                   builder.getFunctionType({f64}, {f64}));
  builder.setInsertionPointToStart(func.addEntryBlock());
  Value theta = func.getArgument(0);

  Value reg = AllocOp::create(builder, loc, 2);
  Value q0 = ExtractOp::create(builder, loc, reg, 0);
  Value q1 = ExtractOp::create(builder, loc, reg, 1);
  auto rx =
      CustomOp::create(builder, loc, "RX", ValueRange{theta}, ValueRange{q0});
  auto cnot = CustomOp::create(builder, loc, "CNOT", ValueRange{},
                               ValueRange{rx.getOutQubits()[0], q1});
  auto zz = MultiRZOp::create(builder, loc, theta, cnot.getOutQubits(),
                              /*adjoint=*/true);
  Value obs = NamedObsOp::create(builder, loc, zz.getOutQubits()[0],
                                 NamedObservable::PauliZ);
  Value expval = ExpvalOp::create(builder, loc, f64, obs);
  Value reg1 = InsertOp::create(builder, loc, reg, 0, zz.getOutQubits()[0]);
  Value reg2 = InsertOp::create(builder, loc, reg1, 1, zz.getOutQubits()[1]);
  DeallocOp::create(builder, loc, reg2);
  func::ReturnOp::create(builder, loc, expval);

  ASSERT_TRUE(succeeded(verify(*module)));
  std::string text = print(*module);
  SCOPED_TRACE(text);
  EXPECT_NE(text.find("quantum.alloc( 2) : !quantum.reg"), std::string::npos);
  EXPECT_NE(text.find("quantum.extract %0[ 1] : !quantum.reg -> !quantum.bit"),
            std::string::npos);
  EXPECT_NE(text.find("quantum.custom \"RX\"(%arg0) %1 : !quantum.bit"),
            std::string::npos);
  EXPECT_NE(text.find("%out_qubits_0:2 = quantum.custom \"CNOT\"() "
                      "%out_qubits, %2 : !quantum.bit, !quantum.bit"),
            std::string::npos);
  EXPECT_NE(text.find("quantum.multirz(%arg0) %out_qubits_0#0, "
                      "%out_qubits_0#1 {adjoint} : !quantum.bit, !quantum.bit"),
            std::string::npos);
  EXPECT_NE(text.find("[PauliZ] : !quantum.obs"), std::string::npos);

  auto gate = cast<GateOpInterface>(zz.getOperation());
  EXPECT_EQ(gate.getGateName(), "MultiRZ");
  EXPECT_TRUE(gate.isAdjoint());
  EXPECT_EQ(gate.getGateParams().size(), 1u);
  EXPECT_EQ(gate.getInQubits().size(), 2u);
  EXPECT_EQ(gate.getOutQubits().size(), 2u);
  auto named = cast<GateOpInterface>(rx.getOperation());
  EXPECT_EQ(named.getGateName(), "RX");
  EXPECT_FALSE(named.isAdjoint());
}

TEST_F(CircuitBuilderTest, GateWithWrongArityFailsToVerify) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  Value reg = AllocOp::create(builder, loc, 1);
  Value q0 = ExtractOp::create(builder, loc, reg, 0);
  CustomOp::create(builder, loc, "CNOT", ValueRange{}, ValueRange{q0});

  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str();
    return success();
  });
  EXPECT_TRUE(failed(verify(*module)));
  EXPECT_NE(
      diagnostics.find("gate 'CNOT' acts on 2 qubit(s), but 1 were given"),
      std::string::npos)
      << diagnostics;
}

} // namespace
