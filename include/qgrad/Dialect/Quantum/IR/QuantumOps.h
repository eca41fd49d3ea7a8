//===- QuantumOps.h - Operations of the quantum dialect ---------*- C++ -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMOPS_H
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMOPS_H

#include "qgrad/Dialect/Quantum/IR/QuantumAttrs.h"
#include "qgrad/Dialect/Quantum/IR/QuantumDialect.h"
#include "qgrad/Dialect/Quantum/IR/QuantumInterfaces.h"
#include "qgrad/Dialect/Quantum/IR/QuantumTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace qgrad::quantum {
/// The simulator state that measurements read and change (QuantumOps.td).
struct QuantumStateResource
    : public mlir::SideEffects::Resource::Base<QuantumStateResource> {
  llvm::StringRef getName() override { return "QuantumState"; }
};
} // namespace qgrad::quantum

#define GET_OP_CLASSES
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h.inc"

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMOPS_H
