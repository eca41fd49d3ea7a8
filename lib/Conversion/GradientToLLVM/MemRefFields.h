//===- MemRefFields.h - Memref descriptors as separate values ---*- C++ -*-===//
//
// A memref operand of gradient.backprop reaches __enzyme_autodiff as the
// fields of its descriptor, in the order func-to-llvm expands a memref
// parameter: allocated, aligned, offset, sizes..., strides...
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_MEMREFFIELDS_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_MEMREFFIELDS_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace qgrad::gradient_to_llvm {

struct MemRefFields {
  mlir::Value allocated;
  mlir::Value aligned;
  mlir::Value offset;
  llvm::SmallVector<mlir::Value> sizes;
  llvm::SmallVector<mlir::Value> strides;
};

/// The descriptor fields of `memref` (a ranked memref with a strided
/// layout), read through a cast to the LLVM descriptor that the memref
/// lowering later folds away.
MemRefFields unpackMemRef(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value memref,
                          const mlir::LLVMTypeConverter &converter);

/// A shadow buffer is read by the differentiated code through its primal's
/// offset and strides. Checks that the two layouts agree: statically known
/// strides must be equal (an error at `op` naming `what` otherwise), and
/// sizes or strides known only at run time are compared when the program
/// runs (RuntimeChecks.h).
llvm::LogicalResult
checkShadowLayout(mlir::OpBuilder &builder, mlir::Operation *op,
                  mlir::SymbolTable &symbols, llvm::StringRef what,
                  mlir::Value primal, const MemRefFields &primalFields,
                  mlir::Value shadow, const MemRefFields &shadowFields);

/// The pointer to pass as the shadow of `primal`'s aligned pointer: the
/// shadow's aligned pointer, moved so that the primal's offset lands on the
/// shadow's first element.
mlir::Value shadowAlignedPointer(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::Value primal,
                                 const MemRefFields &primalFields,
                                 mlir::Value shadow,
                                 const MemRefFields &shadowFields,
                                 const mlir::LLVMTypeConverter &converter);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_MEMREFFIELDS_H
