//===- FwdpropLowering.h - gradient.fwdprop to __enzyme_fwddiff -*- C++ -*-===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_FWDPROPLOWERING_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_FWDPROPLOWERING_H

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/SymbolTable.h"

namespace qgrad::gradient_to_llvm {

/// Replaces `op` by a call of __enzyme_fwddiff: each active scalar followed
/// by its tangent, each active memref's aligned pointer by its tangent
/// buffer's, each callee_out buffer's by its out_tangents buffer's
/// (docs/gradient-lowering.md). On failure `op` is left in place and a
/// diagnostic names it.
llvm::LogicalResult lowerFwdprop(gradient::FwdpropOp op,
                                 mlir::SymbolTable &symbols,
                                 mlir::SymbolTableCollection &symbolTables,
                                 const mlir::LLVMTypeConverter &converter);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_FWDPROPLOWERING_H
