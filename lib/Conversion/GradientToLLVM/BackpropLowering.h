//===- BackpropLowering.h - gradient.backprop to __enzyme_autodiff -*- C++
//-*-===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_BACKPROPLOWERING_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_BACKPROPLOWERING_H

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/SymbolTable.h"

namespace qgrad::gradient_to_llvm {

/// Replaces `op` by a call of __enzyme_autodiff with every operand passed as
/// docs/gradient-lowering.md lays out. On failure `op` is left in place and
/// a diagnostic names it.
/// `symbols` is the module's table, for the declarations the call needs;
/// `symbolTables` resolves the callee.
llvm::LogicalResult lowerBackprop(gradient::BackpropOp op,
                                  mlir::SymbolTable &symbols,
                                  mlir::SymbolTableCollection &symbolTables,
                                  const mlir::LLVMTypeConverter &converter);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_BACKPROPLOWERING_H
