//===- FunctionCopies.h - Private copies of functions -----------*- C++ -*-===//
//
// The gradient lowering never changes a function the program calls: it
// differentiates private copies (F.ad, Q.terms, Q.contraction.ad, ...), so
// that the original keeps serving every undifferentiated call.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_FUNCTIONCOPIES_H
#define QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_FUNCTIONCOPIES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace qgrad::gradient::detail {

/// A private copy of `fn` named `name` (which must be free), placed right
/// after it.
mlir::func::FuncOp clonePrivately(mlir::func::FuncOp fn, llvm::StringRef name);

} // namespace qgrad::gradient::detail

#endif // QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_FUNCTIONCOPIES_H
