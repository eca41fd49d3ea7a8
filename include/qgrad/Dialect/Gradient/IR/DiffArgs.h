//===- DiffArgs.h - Differentiated arguments and derivative types -*- C++ -*-=//
//
// The type rules every gradient op follows, shared by the verifiers and the
// lowering passes.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DIALECT_GRADIENT_IR_DIFFARGS_H
#define QGRAD_DIALECT_GRADIENT_IR_DIFFARGS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

namespace qgrad::gradient {

/// The positions named by `diffArgIndices`, or argument 0 when it is absent.
llvm::SmallVector<unsigned>
getDiffArgPositions(mlir::DenseIntElementsAttr diffArgIndices);

/// Whether a value of this type has a derivative: a float, or a ranked tensor
/// or memref of floats.
bool isDifferentiableType(mlir::Type type);

/// The type of d(result)/d(argument): shape (result shape ++ argument shape)
/// with the argument's element type; a bare float when both are scalars.
/// Memrefs count as their tensor counterparts.
mlir::Type getJacobianType(mlir::Type result, mlir::Type argument);

/// Whether two float/tensor/memref types have the same shape and element
/// type, so that one can carry the other's (co)tangent.
bool haveSameShapeAndElementType(mlir::Type lhs, mlir::Type rhs);

} // namespace qgrad::gradient

#endif // QGRAD_DIALECT_GRADIENT_IR_DIFFARGS_H
