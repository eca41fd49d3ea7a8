//===- Import.cpp - An OpenQASM circuit as a qgrad qnode ------------------===//
//
// The parsed circuit becomes
//   func.func @circuit(%inputs: f64...) -> tensor<2^m x f64>
//       attributes {qnode, diff_method = "parameter-shift"}
// that allocates the qubits, applies the gates in order, and returns the
// probabilities of the m measured qubits; and @main calling it, the entry of
// `qgrad run FILE.qasm`. Every op carries the location of the QASM statement
// it comes from, so errors of later stages point into the .qasm file.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Interop/OpenQASM.h"

#include "Parser.h"

#include "qgrad/Dialect/Quantum/IR/QuantumDialect.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"
#include "qgrad/Dialect/Quantum/IR/QuantumTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace qgrad::interop {

namespace {

using qasm::Circuit;
using qasm::Expr;

class CircuitBuilder {
public:
  CircuitBuilder(const Circuit &circuit, const llvm::SourceMgr &sources,
                 MLIRContext *context)
      : circuit(circuit), sources(sources), context(context), builder(context) {
  }

  OwningOpRef<ModuleOp> build() {
    Location fileLoc = locate(llvm::SMLoc::getFromPointer(
        sources.getMemoryBuffer(sources.getMainFileID())->getBufferStart()));
    OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
    builder.setInsertionPointToEnd(module->getBody());
    SmallVector<Type> inputs(circuit.inputs.size(), builder.getF64Type());
    auto probsType = RankedTensorType::get(
        {int64_t(1) << circuit.measured.size()}, builder.getF64Type());
    FunctionType type = builder.getFunctionType(inputs, {probsType});

    auto qnode = func::FuncOp::create(builder, fileLoc, "circuit", type);
    qnode->setAttr("qnode", builder.getUnitAttr());
    qnode->setAttr("diff_method", builder.getStringAttr("parameter-shift"));
    buildCircuit(qnode, probsType, fileLoc);

    builder.setInsertionPointToEnd(module->getBody());
    auto main = func::FuncOp::create(builder, fileLoc, "main", type);
    Block *entry = main.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    auto call = func::CallOp::create(builder, fileLoc, qnode,
                                     ValueRange(entry->getArguments()));
    func::ReturnOp::create(builder, fileLoc, call.getResults());
    return module;
  }

private:
  Location locate(llvm::SMLoc loc) {
    unsigned buffer = sources.FindBufferContainingLoc(loc);
    if (!buffer)
      return UnknownLoc::get(context);
    auto [line, column] = sources.getLineAndColumn(loc, buffer);
    return FileLineColLoc::get(
        context, sources.getMemoryBuffer(buffer)->getBufferIdentifier(), line,
        column);
  }

  void buildCircuit(func::FuncOp qnode, RankedTensorType probsType,
                    Location loc) {
    Block *entry = qnode.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    args = entry->getArguments();
    auto reg =
        quantum::AllocOp::create(builder, loc, int64_t(circuit.numQubits));
    SmallVector<Value> qubits;
    for (unsigned q = 0; q < circuit.numQubits; ++q)
      qubits.push_back(quantum::ExtractOp::create(builder, loc, reg, q));
    for (const qasm::Gate &gate : circuit.gates) {
      Location gateLoc = locate(gate.loc);
      SmallVector<Value> params, inputs;
      for (const qasm::ExprRef &param : gate.params)
        params.push_back(emit(*param, gateLoc));
      for (unsigned wire : gate.wires)
        inputs.push_back(qubits[wire]);
      auto op = quantum::CustomOp::create(builder, gateLoc, gate.name, params,
                                          inputs);
      for (auto [wire, result] : llvm::zip(gate.wires, op->getResults()))
        qubits[wire] = result;
    }
    SmallVector<Value> measured;
    for (unsigned q : circuit.measured)
      measured.push_back(qubits[q]);
    auto basis = quantum::ComputationalBasisOp::create(
        builder, loc, quantum::ObservableType::get(context), measured, Value());
    auto probs = quantum::ProbsOp::create(builder, loc, probsType, basis,
                                          Value(), Value());
    Value current = reg;
    for (unsigned q = 0; q < circuit.numQubits; ++q)
      current = quantum::InsertOp::create(builder, loc, current, q, qubits[q]);
    quantum::DeallocOp::create(builder, loc, current);
    func::ReturnOp::create(builder, loc, probs->getResult(0));
  }

  /// The f64 of an expression; a shared subexpression is emitted once.
  Value emit(const Expr &e, Location loc) {
    if (Value known = emitted.lookup(&e))
      return known;
    Value result;
    switch (e.kind) {
    case Expr::Kind::Number:
      result = arith::ConstantOp::create(builder, loc,
                                         builder.getF64FloatAttr(e.number));
      break;
    case Expr::Kind::Input:
      result = args[e.input];
      break;
    case Expr::Kind::Negate:
      result = arith::NegFOp::create(builder, loc, emit(*e.lhs, loc));
      break;
    case Expr::Kind::Binary: {
      Value lhs = emit(*e.lhs, loc), rhs = emit(*e.rhs, loc);
      switch (e.op) {
      case '+':
        result = arith::AddFOp::create(builder, loc, lhs, rhs);
        break;
      case '-':
        result = arith::SubFOp::create(builder, loc, lhs, rhs);
        break;
      case '*':
        result = arith::MulFOp::create(builder, loc, lhs, rhs);
        break;
      case '/':
        result = arith::DivFOp::create(builder, loc, lhs, rhs);
        break;
      default:
        result = math::PowFOp::create(builder, loc, lhs, rhs);
        break;
      }
      break;
    }
    case Expr::Kind::Call:
      result = emitCall(e.function, emit(*e.lhs, loc), loc);
      break;
    }
    emitted[&e] = result;
    return result;
  }

  Value emitCall(StringRef function, Value x, Location loc) {
    if (function == "sin")
      return math::SinOp::create(builder, loc, x);
    if (function == "cos")
      return math::CosOp::create(builder, loc, x);
    if (function == "tan")
      return math::TanOp::create(builder, loc, x);
    if (function == "exp")
      return math::ExpOp::create(builder, loc, x);
    if (function == "ln" || function == "log")
      return math::LogOp::create(builder, loc, x);
    if (function == "sqrt")
      return math::SqrtOp::create(builder, loc, x);
    if (function == "arcsin" || function == "asin")
      return math::AsinOp::create(builder, loc, x);
    if (function == "arccos" || function == "acos")
      return math::AcosOp::create(builder, loc, x);
    return math::AtanOp::create(builder, loc, x);
  }

  const Circuit &circuit;
  const llvm::SourceMgr &sources;
  MLIRContext *context;
  OpBuilder builder;
  ValueRange args;
  llvm::DenseMap<const Expr *, Value> emitted;
};

} // namespace

OwningOpRef<ModuleOp> importOpenQASM(llvm::SourceMgr &sources,
                                     MLIRContext *context) {
  context
      ->loadDialect<arith::ArithDialect, func::FuncDialect, math::MathDialect,
                    tensor::TensorDialect, quantum::QuantumDialect>();
  qasm::ParseError error;
  std::optional<Circuit> circuit = qasm::parseCircuit(sources, error);
  if (!circuit) {
    unsigned buffer = sources.FindBufferContainingLoc(error.loc);
    Location loc = UnknownLoc::get(context);
    if (buffer) {
      auto [line, column] = sources.getLineAndColumn(error.loc, buffer);
      loc = FileLineColLoc::get(
          context, sources.getMemoryBuffer(buffer)->getBufferIdentifier(), line,
          column);
    }
    emitError(loc) << error.message;
    return nullptr;
  }
  return CircuitBuilder(*circuit, sources, context).build();
}

void registerOpenQASMImport() {
  TranslateToMLIRRegistration registration(
      "import-openqasm", "import an OpenQASM 2 or 3 circuit as a qgrad qnode",
      [](llvm::SourceMgr &sources, MLIRContext *context) {
        return OwningOpRef<Operation *>(
            importOpenQASM(sources, context).release());
      });
}

} // namespace qgrad::interop
