//===- Jacobians.h - Jacobian blocks of a function call ---------*- C++ -*-===//
//
// Every derivative op is computed from the Jacobian blocks of its call:
// block (k, i) holds d result_k / d argument_i with shape
// (shape(result_k) ++ shape(argument_i)), in a buffer addressed row-major.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_JACOBIANS_H
#define QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_JACOBIANS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace qgrad::gradient::detail {

/// The call being differentiated.
struct CallToDifferentiate {
  mutable mlir::func::FuncOp callee; // op handles are not const-correct
  llvm::SmallVector<mlir::Value> args;
  llvm::SmallVector<unsigned> diffArgs;
  /// 2 when the derivative is itself differentiated: qnodes then get their
  /// second-order surrogates (QNodeParts.h).
  unsigned order = 1;
};

struct JacobianBlocks {
  /// The callee's results at the call's arguments.
  llvm::SmallVector<mlir::Value> values;
  /// blocks[k][i]: a buffer of shape(result_k) ++ shape(argument diffArgs[i])
  /// (memref<1xf64> when both are scalars).
  llvm::SmallVector<llvm::SmallVector<mlir::Value>> blocks;
  /// Row counts (elements of result k) and column counts (of argument i).
  llvm::SmallVector<mlir::Value> rows, columns;
};

/// `fn.dps(args..., outs...)`: tensor arguments become memrefs and every
/// result is written into an output buffer, the form gradient.backprop,
/// gradient.fwdprop and the AD engine's memory model want; qnodes reached
/// from fn are replaced by their surrogates.
mlir::FailureOr<mlir::func::FuncOp>
getOrCreateDPS(mlir::ModuleOp module, mlir::func::FuncOp fn,
               llvm::ArrayRef<unsigned> diffArgs, mlir::Location requestedAt,
               unsigned order = 1);

/// Every differentiated argument and every result is f64 or a tensor of f64
/// (what the derivative buffers hold); an error at loc otherwise.
llvm::LogicalResult checkF64Types(mlir::Location loc,
                                  const CallToDifferentiate &call);

/// The callee's results and their directional derivatives along one tangent
/// per differentiated argument, by one forward-mode sweep
/// (gradient.fwdprop) of the callee's destination-passing form.
struct ForwardSweep {
  llvm::SmallVector<mlir::Value> values, tangents;
};
mlir::FailureOr<ForwardSweep>
buildForwardSweep(mlir::OpBuilder &b, mlir::Location loc, mlir::ModuleOp module,
                  const CallToDifferentiate &call, mlir::ValueRange tangents);

/// The callee's results at the call's arguments (one call of the callee).
llvm::SmallVector<mlir::Value> callValues(mlir::OpBuilder &b,
                                          mlir::Location loc,
                                          const CallToDifferentiate &call);

/// Exact Jacobians: the callee in destination-passing style, differentiated
/// by gradient.backprop once per result element; qnodes are replaced by
/// their surrogates.
mlir::FailureOr<JacobianBlocks>
buildExactJacobians(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::ModuleOp module, const CallToDifferentiate &call);

/// Forward differences with step `step`.
mlir::FailureOr<JacobianBlocks>
buildFiniteDifferenceJacobians(mlir::OpBuilder &b, mlir::Location loc,
                               const CallToDifferentiate &call, double step);

/// A Jacobian block as the op result: an f64, or a tensor.
mlir::Value getBlockResult(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value block, mlir::Type resultType);

} // namespace qgrad::gradient::detail

#endif // QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_JACOBIANS_H
