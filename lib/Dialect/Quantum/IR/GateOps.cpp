//===- GateOps.cpp - Verifiers of gates -----------------------------------===//

#include "VerifyLinearity.h"
#include "VerifyShapes.h"

#include "qgrad/Dialect/Quantum/IR/GateTable.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace qgrad::quantum;

static GateSpelling getSpelling(Operation *op) {
  return llvm::TypeSwitch<Operation *, GateSpelling>(op)
      .Case([](MultiRZOp) { return GateSpelling::MultiRZ; })
      .Case([](QubitUnitaryOp) { return GateSpelling::Unitary; })
      .Default([](Operation *) { return GateSpelling::Custom; });
}

static StringRef getOpNameOf(GateSpelling spelling) {
  switch (spelling) {
  case GateSpelling::Custom:
    return CustomOp::getOperationName();
  case GateSpelling::MultiRZ:
    return MultiRZOp::getOperationName();
  case GateSpelling::Unitary:
    return QubitUnitaryOp::getOperationName();
  }
  llvm_unreachable("unknown gate spelling");
}

static LogicalResult verifyAgainstTable(GateOpInterface gate) {
  StringRef name = gate.getGateName();
  const GateInfo *info = lookupGate(name);
  if (!info)
    return gate->emitOpError() << "unknown gate '" << name << "'";
  if (info->spelling != getSpelling(gate))
    return gate->emitOpError() << "gate '" << name << "' is written as '"
                               << getOpNameOf(info->spelling) << "'";

  size_t numParams = gate.getGateParams().size();
  if (numParams != info->numParams)
    return gate->emitOpError()
           << "gate '" << name << "' takes " << info->numParams
           << " parameter(s), but " << numParams << " were given";

  size_t numQubits = gate.getInQubits().size();
  if (info->hasFixedWires() && numQubits != size_t(info->numWires))
    return gate->emitOpError()
           << "gate '" << name << "' acts on " << info->numWires
           << " qubit(s), but " << numQubits << " were given";
  if (numQubits == 0)
    return gate->emitOpError()
           << "gate '" << name << "' needs at least one qubit";
  return success();
}

LogicalResult qgrad::quantum::verifyGateOp(Operation *op) {
  auto gate = cast<GateOpInterface>(op);
  if (failed(verifyAgainstTable(gate)))
    return failure();

  size_t numIn = gate.getInQubits().size();
  size_t numOut = gate.getOutQubits().size();
  if (numIn != numOut)
    return op->emitOpError()
           << "consumes " << numIn << " qubit(s) but yields " << numOut
           << "; a gate yields one qubit per qubit consumed";

  llvm::SmallDenseMap<Value, unsigned> firstUse;
  for (auto [i, qubit] : llvm::enumerate(gate.getInQubits())) {
    auto [it, inserted] = firstUse.try_emplace(qubit, i);
    if (!inserted)
      return op->emitOpError()
             << "qubit operand " << i << " is the same value as operand "
             << it->second << "; a gate's qubits must be distinct";
  }
  return verifyConsumedOnce(op, gate.getInQubits());
}

static void nameOutQubits(ValueRange outQubits, OpAsmSetValueNameFn setName) {
  if (!outQubits.empty())
    setName(outQubits.front(), "out_qubits");
}

void CustomOp::getAsmResultNames(OpAsmSetValueNameFn setName) {
  nameOutQubits(getOutQubits(), setName);
}
void MultiRZOp::getAsmResultNames(OpAsmSetValueNameFn setName) {
  nameOutQubits(getOutQubits(), setName);
}
void QubitUnitaryOp::getAsmResultNames(OpAsmSetValueNameFn setName) {
  nameOutQubits(getOutQubits(), setName);
}

LogicalResult QubitUnitaryOp::verify() {
  return verifyMatrixFitsQubits(*this, getMatrix().getType(),
                                getInQubits().size());
}
