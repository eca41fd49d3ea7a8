//===- FunctionAddress.h - A function's address before func-to-llvm
//-*-C++-*-===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_FUNCTIONADDRESS_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_FUNCTIONADDRESS_H

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace qgrad::gradient_to_llvm {

/// The address of `function` as an !llvm.ptr. A func.func is not yet an
/// llvm.func, so llvm.mlir.addressof cannot name it: its func.constant is
/// cast to a pointer instead, which func-to-llvm turns into an addressof of
/// the lowered function (whose memref parameters are then expanded).
mlir::Value getFunctionAddress(mlir::OpBuilder &builder, mlir::Location loc,
                               mlir::FunctionOpInterface function);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_FUNCTIONADDRESS_H
