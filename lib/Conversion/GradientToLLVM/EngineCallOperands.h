//===- EngineCallOperands.h - Operands of an AD engine entry call -*- C++
//-*-===//
//
// gradient.backprop and gradient.fwdprop both become one vararg call of an
// entry point of the AD engine (__enzyme_autodiff, __enzyme_fwddiff), whose
// operands follow one table of passing rules: markers, the fields of each
// memref descriptor, shadows (docs/gradient-lowering.md).
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_ENGINECALLOPERANDS_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_ENGINECALLOPERANDS_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace qgrad::gradient_to_llvm {

/// How an operand takes part in the sweep.
enum class OperandRole {
  ActiveScalar, // differentiated (reverse: its derivative is a result of
                // the call; forward: its tangent follows it)
  ConstScalar,  // not differentiated
  ActiveMemRef, // differentiated; its shadow holds the adjoint or tangent
  ConstMemRef,  // not differentiated
  OutputMemRef, // a callee_out buffer; its shadow holds the cotangent, and
                // the primal output need not be computed
  TangentOutputMemRef, // a callee_out buffer whose shadow receives the
                       // output's tangent; the output is computed too
};

/// Collects an entry call's operands behind the function pointer, at
/// `user`'s position.
class CallOperands {
public:
  CallOperands(mlir::Operation *user, mlir::SymbolTable &symbols,
               const mlir::LLVMTypeConverter &converter)
      : user(user), symbols(symbols), converter(converter), builder(user) {}

  mlir::OpBuilder &getBuilder() { return builder; }
  llvm::ArrayRef<mlir::Value> get() const { return operands; }

  /// A scalar; in forward mode an active one is followed by `tangent`.
  llvm::LogicalResult addScalar(mlir::Value value, OperandRole role,
                                mlir::Value tangent = {});

  /// `shadow` (with `shadowName` for diagnostics) is given exactly when the
  /// role has a shadow.
  llvm::LogicalResult addMemRef(mlir::Value memref, OperandRole role,
                                mlir::Value shadow = {},
                                llvm::StringRef shadowName = "");

private:
  llvm::LogicalResult addMarker(llvm::StringRef marker);

  mlir::Operation *user;
  mlir::SymbolTable &symbols;
  const mlir::LLVMTypeConverter &converter;
  mlir::OpBuilder builder;
  llvm::SmallVector<mlir::Value> operands;
};

/// The function `user` differentiates, with a body in this module; an error
/// at `user` otherwise.
mlir::FailureOr<mlir::FunctionOpInterface>
lookupDifferentiatedCallee(mlir::Operation *user, mlir::FlatSymbolRefAttr name,
                           mlir::SymbolTableCollection &symbolTables);

/// `value` can be passed to the engine (a float, integer or index scalar,
/// or a strided ranked memref); otherwise an error at `user` naming `what`
/// and the entry point.
llvm::LogicalResult checkOperandType(mlir::Operation *user, mlir::Value value,
                                     const llvm::Twine &what,
                                     const mlir::LLVMTypeConverter &converter,
                                     llvm::StringRef entry);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_ENGINECALLOPERANDS_H
