//===- RuntimeChecks.h - Checks of buffer shapes at run time ----*- C++ -*-===//
//
// What the types cannot tell (dynamic sizes and strides of a shadow and its
// primal) is compared when the program runs. A failed check writes its
// message to stderr and ends the process with exit status 1: a clear error,
// where an abort would look like a crash of the compiler that JIT-ran it.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_RUNTIMECHECKS_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_RUNTIMECHECKS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace qgrad::gradient_to_llvm {

/// At the builder's insertion point: unless the i64 values `lhs` and `rhs`
/// are equal, print "error: <location of op>: <message>" to stderr and exit
/// with status 1. Fails (with a diagnostic at `op`) when the C functions it
/// calls are declared in the module of `symbols` with other types.
llvm::LogicalResult emitEqualityCheck(mlir::OpBuilder &builder,
                                      mlir::Operation *op,
                                      mlir::SymbolTable &symbols,
                                      mlir::Value lhs, mlir::Value rhs,
                                      const llvm::Twine &message);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_RUNTIMECHECKS_H
