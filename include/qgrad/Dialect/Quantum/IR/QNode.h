//===- QNode.h - Functions that run a circuit -------------------*- C++ -*-===//
//
// A qnode is a func.func marked `attributes {qnode, diff_method = "..."}`:
// it allocates qubits, applies gates and returns measurement results. Its
// diff_method says how a gradient differentiates its circuit.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_QNODE_H
#define QGRAD_DIALECT_QUANTUM_IR_QNODE_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace qgrad::quantum {

inline constexpr llvm::StringLiteral kQNodeAttrName = "qnode";
inline constexpr llvm::StringLiteral kDiffMethodAttrName = "diff_method";

/// FiniteDiff differentiates the circuit by central differences of its gate
/// parameters (PennyLane's "finite-diff"): the parameter-shift machinery
/// with a small step instead of the shift rule.
enum class QNodeDiffMethod { ParameterShift, Adjoint, Best, FiniteDiff };

bool isQNode(mlir::Operation *func);

/// The qnode's diff_method ("best" when absent); an error at the function for
/// a value that is not "parameter-shift", "adjoint", "finite-diff" or "best"
/// ("auto").
mlir::FailureOr<QNodeDiffMethod> getDiffMethod(mlir::Operation *qnode);

/// "best" resolves to adjoint when every measurement of the qnode is an
/// expectation value, and to parameter shift otherwise.
QNodeDiffMethod resolveDiffMethod(mlir::Operation *qnode,
                                  QNodeDiffMethod method);

llvm::StringRef stringifyDiffMethod(QNodeDiffMethod method);

/// Every measurement of the qnode must be differentiable by its resolved
/// method: parameter shift and finite differences handle expval and probs,
/// adjoint handles expval.
/// Errors point at the offending measurement, with notes at the qnode and at
/// `requestedBy` (the op asking for the derivative) when given.
llvm::LogicalResult
verifyQNodeDifferentiable(mlir::Operation *qnode,
                          mlir::Operation *requestedBy = nullptr);

} // namespace qgrad::quantum

#endif // QGRAD_DIALECT_QUANTUM_IR_QNODE_H
