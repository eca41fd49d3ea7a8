//===- QuantumInterfaces.h - Interfaces of quantum ops ----------*- C++ -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMINTERFACES_H
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMINTERFACES_H

#include "mlir/IR/OpDefinition.h"

namespace qgrad::quantum {
/// Checks a gate against the gate table: known name, parameter and qubit
/// counts, one yielded qubit per consumed qubit, no qubit consumed twice.
llvm::LogicalResult verifyGateOp(mlir::Operation *op);
} // namespace qgrad::quantum

#include "qgrad/Dialect/Quantum/IR/QuantumInterfaces.h.inc"

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMINTERFACES_H
