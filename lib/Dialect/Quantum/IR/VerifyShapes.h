//===- VerifyShapes.h - Shape checks shared by quantum verifiers -*- C++ -*-==//

#ifndef QGRAD_LIB_DIALECT_QUANTUM_IR_VERIFYSHAPES_H
#define QGRAD_LIB_DIALECT_QUANTUM_IR_VERIFYSHAPES_H

#include "mlir/IR/Operation.h"

#include <cstdint>
#include <optional>

namespace qgrad::quantum {

/// 2^n, or nothing when n is unknown or too large to be a static size.
std::optional<int64_t> pow2(std::optional<int64_t> n);

/// A matrix acting on `numQubits` qubits must be 2^n x 2^n (static dims only).
llvm::LogicalResult verifyMatrixFitsQubits(mlir::Operation *op,
                                           mlir::Type matrix,
                                           int64_t numQubits);

/// An array-valued measurement either returns a tensor or writes into a
/// buffer. The result has one `shape` operand per dynamic dimension (a buffer
/// carries its own sizes, so there they are optional), and every static
/// dimension equals the expected one where that is known.
llvm::LogicalResult
verifyArrayMeasurement(mlir::Operation *op, mlir::Type result,
                       mlir::Type buffer, size_t numShapeOperands,
                       llvm::ArrayRef<std::optional<int64_t>> expectedDims);

} // namespace qgrad::quantum

#endif // QGRAD_LIB_DIALECT_QUANTUM_IR_VERIFYSHAPES_H
