//===- GradientInterfaces.h - Interfaces of gradient ops --------*- C++ -*-===//

#ifndef QGRAD_DIALECT_GRADIENT_IR_GRADIENTINTERFACES_H
#define QGRAD_DIALECT_GRADIENT_IR_GRADIENTINTERFACES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/SmallVector.h"

namespace qgrad::gradient {
/// The method is "auto" or "fd", a finiteDiffParam only comes with "fd" and
/// is a positive step, and diffArgIndices names the call's arguments.
llvm::LogicalResult verifyDerivativeAttrs(mlir::Operation *op);
} // namespace qgrad::gradient

#include "qgrad/Dialect/Gradient/IR/GradientInterfaces.h.inc"

#endif // QGRAD_DIALECT_GRADIENT_IR_GRADIENTINTERFACES_H
