//===- GradientDialect.h - The gradient dialect -----------------*- C++ -*-===//

#ifndef QGRAD_DIALECT_GRADIENT_IR_GRADIENTDIALECT_H
#define QGRAD_DIALECT_GRADIENT_IR_GRADIENTDIALECT_H

#include "qgrad/Dialect/Quantum/IR/QuantumDialect.h"

#include "mlir/IR/Dialect.h"

#include "qgrad/Dialect/Gradient/IR/GradientDialect.h.inc"

#endif // QGRAD_DIALECT_GRADIENT_IR_GRADIENTDIALECT_H
