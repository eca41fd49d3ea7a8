//===- VerifyLinearity.h - A qubit value is consumed once -------*- C++ -*-===//

#ifndef QGRAD_LIB_DIALECT_QUANTUM_IR_VERIFYLINEARITY_H
#define QGRAD_LIB_DIALECT_QUANTUM_IR_VERIFYLINEARITY_H

#include "mlir/IR/Operation.h"

namespace qgrad::quantum {

/// A qubit value stands for one state of a wire: once a gate, a measurement
/// or an insert has consumed it, using it again would act on a stale state.
/// Reports `op` when an earlier op of the same block already consumed one of
/// `qubits`. (Consumers in different blocks, such as the two branches of an
/// scf.if, are exclusive and allowed.)
llvm::LogicalResult verifyConsumedOnce(mlir::Operation *op,
                                       mlir::ValueRange qubits);

} // namespace qgrad::quantum

#endif // QGRAD_LIB_DIALECT_QUANTUM_IR_VERIFYLINEARITY_H
