//===- BackpropLowering.h - gradient.backprop to __enzyme_autodiff -*- C++
//-*-===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_BACKPROPLOWERING_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_BACKPROPLOWERING_H

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/BuiltinOps.h"

namespace qgrad::gradient_to_llvm {

/// Replaces `op` by a call of __enzyme_autodiff with every operand passed as
/// docs/gradient-lowering.md lays out. On failure `op` is left in place and
/// a diagnostic names it.
llvm::LogicalResult lowerBackprop(gradient::BackpropOp op,
                                  mlir::ModuleOp module,
                                  mlir::SymbolTableCollection &symbolTables,
                                  const mlir::LLVMTypeConverter &converter);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_BACKPROPLOWERING_H
