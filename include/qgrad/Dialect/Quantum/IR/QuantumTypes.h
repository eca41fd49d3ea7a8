//===- QuantumTypes.h - Types of the quantum dialect ------------*- C++ -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMTYPES_H
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "qgrad/Dialect/Quantum/IR/QuantumTypes.h.inc"

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMTYPES_H
