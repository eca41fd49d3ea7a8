//===- CalleeChecks.h - Checks of a differentiated callee -------*- C++ -*-===//

#ifndef QGRAD_LIB_DIALECT_GRADIENT_IR_CALLEECHECKS_H
#define QGRAD_LIB_DIALECT_GRADIENT_IR_CALLEECHECKS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace qgrad::gradient {

/// `diffArgIndices` names distinct argument positions in increasing order.
llvm::LogicalResult verifyDiffArgIndices(mlir::Operation *op,
                                         mlir::DenseIntElementsAttr indices,
                                         size_t numArgs);

/// The function `callee` names, or an error at `op`.
mlir::FailureOr<mlir::FunctionOpInterface>
lookupCallee(mlir::Operation *op, mlir::FlatSymbolRefAttr callee,
             mlir::SymbolTableCollection &symbolTable);

/// The function a sweep op (backprop, fwdprop) calls with `args` followed by
/// its `calleeOut` buffers, with that signature; an error at `op`
/// otherwise.
mlir::FailureOr<mlir::FunctionOpInterface>
lookupSweepCallee(mlir::Operation *op, mlir::FlatSymbolRefAttr callee,
                  mlir::TypeRange args, mlir::TypeRange calleeOut,
                  mlir::SymbolTableCollection &symbolTable);

/// `actual` matches `expected` element by element (by `matches`, equality
/// by default). `what` names the list ("result", "tangent") and `reason`
/// says where `expected` comes from.
llvm::LogicalResult verifyTypeList(
    mlir::Operation *op, llvm::StringRef what, mlir::TypeRange actual,
    mlir::TypeRange expected, llvm::StringRef reason,
    llvm::function_ref<bool(mlir::Type, mlir::Type)> matches =
        [](mlir::Type lhs, mlir::Type rhs) { return lhs == rhs; });

/// The differentiated arguments of `callee` have derivatives (floats, float
/// tensors or float memrefs).
llvm::LogicalResult verifyDiffArgsAreFloats(mlir::Operation *op,
                                            mlir::FunctionOpInterface callee,
                                            llvm::ArrayRef<unsigned> positions);

/// Every result of `callee` has a derivative.
llvm::LogicalResult verifyResultsAreFloats(mlir::Operation *op,
                                           mlir::FunctionOpInterface callee);

/// Looks through `callee` and every function it reaches: each qnode must
/// have a valid diff_method (and, for method "auto", measurements that
/// method differentiates), and a derivative of code that itself contains a
/// derivative needs method "fd".
llvm::LogicalResult
verifyReachableFunctions(mlir::Operation *op, mlir::FunctionOpInterface callee,
                         llvm::StringRef method,
                         mlir::SymbolTableCollection &symbolTable);

} // namespace qgrad::gradient

#endif // QGRAD_LIB_DIALECT_GRADIENT_IR_CALLEECHECKS_H
