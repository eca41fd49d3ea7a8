//===- GradientOps.h - Operations of the gradient dialect -------*- C++ -*-===//

#ifndef QGRAD_DIALECT_GRADIENT_IR_GRADIENTOPS_H
#define QGRAD_DIALECT_GRADIENT_IR_GRADIENTOPS_H

#include "qgrad/Dialect/Gradient/IR/DiffArgs.h"
#include "qgrad/Dialect/Gradient/IR/GradientDialect.h"
#include "qgrad/Dialect/Gradient/IR/GradientInterfaces.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "qgrad/Dialect/Gradient/IR/GradientOps.h.inc"

#endif // QGRAD_DIALECT_GRADIENT_IR_GRADIENTOPS_H
