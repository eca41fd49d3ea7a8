//===- FunctionAddress.cpp - A function's address before func-to-llvm -----===//

#include "FunctionAddress.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

Value getFunctionAddress(OpBuilder &builder, Location loc,
                         FunctionOpInterface function) {
  if (auto llvmFunction = dyn_cast<LLVM::LLVMFuncOp>(*function))
    return LLVM::AddressOfOp::create(builder, loc, llvmFunction);
  auto constant = func::ConstantOp::create(
      builder, loc, cast<FunctionType>(function.getFunctionType()),
      FlatSymbolRefAttr::get(function.getNameAttr()));
  return UnrealizedConversionCastOp::create(
             builder, loc, LLVM::LLVMPointerType::get(builder.getContext()),
             constant.getResult())
      .getResult(0);
}

} // namespace qgrad::gradient_to_llvm
