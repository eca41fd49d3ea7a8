//===- QuantumDialect.h - The quantum dialect -------------------*- C++ -*-===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QUANTUMDIALECT_H
#define QGRAD_DIALECT_QUANTUM_IR_QUANTUMDIALECT_H

#include "mlir/IR/Dialect.h"

#include "qgrad/Dialect/Quantum/IR/QuantumDialect.h.inc"

#endif // QGRAD_DIALECT_QUANTUM_IR_QUANTUMDIALECT_H
