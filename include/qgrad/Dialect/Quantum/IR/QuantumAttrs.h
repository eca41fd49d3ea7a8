//===- QuantumAttrs.h - Attributes of the quantum dialect -------*- C++ -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMATTRS_H
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "qgrad/Dialect/Quantum/IR/QuantumEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "qgrad/Dialect/Quantum/IR/QuantumAttrs.h.inc"

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMATTRS_H
