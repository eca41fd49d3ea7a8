//===- VerifyLinearity.cpp - A qubit value is consumed once ---------------===//

#include "VerifyLinearity.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace qgrad::quantum;

/// Whether `user` consumes `qubit` (rather than only observing it, as an
/// observable does).
static bool consumes(Operation *user, Value qubit) {
  return llvm::TypeSwitch<Operation *, bool>(user)
      .Case([&](GateOpInterface gate) {
        return llvm::is_contained(gate.getInQubits(), qubit);
      })
      .Case([&](InsertOp insert) { return insert.getQubit() == qubit; })
      .Case([](MeasureOp) { return true; })
      .Default([](Operation *) { return false; });
}

LogicalResult qgrad::quantum::verifyConsumedOnce(Operation *op,
                                                 ValueRange qubits) {
  for (Value qubit : qubits) {
    for (Operation *user : qubit.getUsers()) {
      if (user == op || user->getBlock() != op->getBlock() ||
          !user->isBeforeInBlock(op) || !consumes(user, qubit))
        continue;
      InFlightDiagnostic diag =
          op->emitOpError()
          << "uses a qubit value that an earlier op already consumed; use "
             "the qubit that op yields";
      diag.attachNote(user->getLoc()) << "consumed here";
      return diag;
    }
  }
  return success();
}
