//===- ObservableData.h - Sources of a qnode's classical data -*- C++ -*-===//
//
// The surrogate linearises a qnode in its gate angles only. Observable
// coefficients and matrices are classical data inside the circuit: before a
// qnode is differentiated, the lowering asks which arguments (and which
// quantum results) they are computed from.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_OBSERVABLEDATA_H
#define QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_OBSERVABLEDATA_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseSet.h"

namespace qgrad::gradient::detail {

/// Where a value of a function is computed from.
struct DataSources {
  /// Positions of the entry-block arguments it may depend on.
  llvm::SmallDenseSet<unsigned> arguments;
  /// A quantum operation (a measurement, an expectation value) it is
  /// computed from, or null.
  mlir::Operation *quantumOp = nullptr;
};

/// The sources of `value` in `fn`. Conservative: a value defined inside a
/// region depends on every operand of the enclosing operations, and the walk
/// continues through quantum operations to the angles of the gates before
/// them.
DataSources traceDataSources(mlir::func::FuncOp fn, mlir::Value value);

/// Checks that no Hermitian or QubitUnitary matrix of `qnode` depends on the
/// arguments at `positions`: the surrogate would give it a zero derivative.
/// The error names the observable and the argument. (Hamiltonian
/// coefficients are handled by HamiltonianTerms.h.)
mlir::LogicalResult checkNoMatrixDepends(mlir::func::FuncOp qnode,
                                         llvm::ArrayRef<unsigned> positions,
                                         mlir::Location requestedAt);

} // namespace qgrad::gradient::detail

#endif // QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_OBSERVABLEDATA_H
