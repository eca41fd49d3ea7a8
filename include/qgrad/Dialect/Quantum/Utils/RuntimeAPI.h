//===- RuntimeAPI.h - The qgrad runtime's C API as func.func ----*- C++ -*-===//
//
// One table of the runtime entry points that lowered programs call (see
// runtime/include/qgrad_rt.h), shared by the quantum-to-LLVM conversion
// (circuits, observables, measurements) and the gradient transforms (the
// adjoint qnode's tape and Jacobian), so that every declaration of a
// runtime function in a module has the one signature.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DIALECT_QUANTUM_UTILS_RUNTIMEAPI_H
#define QGRAD_DIALECT_QUANTUM_UTILS_RUNTIMEAPI_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace qgrad::quantum {

/// The runtime entry points lowered code calls.
enum class RuntimeFunction {
  DefaultContext,
  Allocate,
  NumQubits,
  Apply,
  ObsNamed,
  ObsHermitian,
  ObsTensor,
  ObsHamiltonian,
  ObsClear,
  Expval,
  Var,
  Probs,
  State,
  Sample,
  Counts,
  Measure,
  TapeStart,
  TapeStop,
  AdjointJacobian,
  ParallelFor,
  ParallelForOutputs,
};

/// On a private `func.func @F(operands..., %n: index)` whose body calls
/// `@C(operands..., %i)` for i = 0 .. n - 1 and nothing else, the symbol of
/// C: the calls are independent and may run in any order and in parallel.
/// The LLVM lowering (convert-parallel-for-to-runtime) then replaces F's
/// body by `qgrad_rt_parallel_for(ctx, n, body, closure)`, where the
/// closure holds the operands and the outlined body calls C.
inline constexpr llvm::StringLiteral kParallelForAttrName =
    "qgrad.parallel_for";

/// On such an F, the number K of F's last operands before %n that are
/// memref<?x?xf64> whose column i only iteration i writes (the Jacobians of
/// Q.evaluate.columns). The lowering then calls
/// `qgrad_rt_parallel_for_outputs` with those columns as the loop's
/// outputs, which lets the runtime spread the iterations over MPI ranks and
/// gather the columns.
inline constexpr llvm::StringLiteral kParallelForColumnsAttrName =
    "qgrad.parallel_for_columns";

/// The C name of `fn` (`qgrad_rt_...`).
llvm::StringRef runtimeFunctionName(RuntimeFunction fn);

/// Its signature: `!llvm.ptr` for pointers, i64 for int64_t, f64 for
/// double.
mlir::FunctionType runtimeFunctionType(mlir::MLIRContext *context,
                                       RuntimeFunction fn);

/// The module's private declaration of `fn`, added at the start of the
/// module when missing (and to `symbols` when given, which then must be the
/// module's table).
mlir::func::FuncOp declareRuntimeFunction(mlir::ModuleOp module,
                                          RuntimeFunction fn,
                                          mlir::SymbolTable *symbols = nullptr);

/// Declares every runtime function the module does not declare yet.
void declareRuntimeFunctions(mlir::ModuleOp module);

/// Erases the runtime declarations that no call uses.
void eraseUnusedRuntimeDeclarations(mlir::ModuleOp module);

} // namespace qgrad::quantum

#endif // QGRAD_DIALECT_QUANTUM_UTILS_RUNTIMEAPI_H
