//===- QNodeParts.h - A qnode split for differentiation ---------*- C++ -*-===//
//
// A qnode Q(args) -> results is split into functions the gradient lowering
// composes (all private, named after Q):
//   Q.pcount(args) -> index            gate parameters one run produces
//   Q.argmap(args, params_out)         the classical part alone: writes every
//                                      gate parameter in execution order
//                                      (destination-passing style)
//   Q.kinds(args, kinds_out)           each parameter's shift rule (i64)
//   Q.quantum(args, params) -> results the circuit, angles read from params
//   Q.evaluate(args, params, params0_out, values_out..., jacobians_out...)
//                                      Q.quantum's values and their Jacobian
//                                      with respect to params (parameter
//                                      shift or the runtime's adjoint
//                                      method); marked gradient.inactive
//   Q.surrogate(args) -> results       value + J (params - params0): equal to
//                                      Q's value, with derivative J through
//                                      the differentiable argmap
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_QNODEPARTS_H
#define QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_QNODEPARTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace qgrad::gradient::detail {

/// The attribute that marks functions the AD engine must treat as constant.
inline constexpr llvm::StringLiteral kInactiveAttrName = "gradient.inactive";

/// Removes every quantum operation of `fn` (a clone of `qnode`), leaving
/// its classical computation: gates, inserts and measurements forward their
/// qubits, dead quantum operations are erased, and canonicalization drops
/// the qubits loops carry unchanged. Fails, naming the qnode and the
/// operation, when classical code still needs a quantum value (an angle or
/// a branch computed from a measurement).
mlir::LogicalResult removeQuantumOps(mlir::func::FuncOp fn,
                                     mlir::func::FuncOp qnode);

/// Returns Q.surrogate, creating every part of `qnode` on first use.
/// The function the AD engine differentiates in place of `qnode`: its value
/// with the qnode's Jacobian as derivative (order 1), or also the Hessian
/// by the parameter-shift rule applied twice (order 2, for a derivative
/// that is differentiated again).
mlir::FailureOr<mlir::func::FuncOp>
getOrCreateQNodeSurrogate(mlir::ModuleOp module, mlir::func::FuncOp qnode,
                          unsigned order = 1);

} // namespace qgrad::gradient::detail

#endif // QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_QNODEPARTS_H
