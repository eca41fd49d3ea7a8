//===- Buffers.h - Buffer helpers for the gradient lowering -----*- C++ -*-===//
//
// The gradient lowering builds Jacobians, seeds and shadows as memrefs with
// identity layouts and addresses them by row-major linear index, whatever
// their rank; these helpers keep that arithmetic in one place.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_BUFFERS_H
#define QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_BUFFERS_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace qgrad::gradient::detail {

/// An index constant.
mlir::Value indexConstant(mlir::OpBuilder &b, mlir::Location loc,
                          int64_t value);
/// An f64 constant.
mlir::Value f64Constant(mlir::OpBuilder &b, mlir::Location loc, double value);

/// The size of dimension `dim` of a tensor or memref: a constant when it is
/// static, a tensor.dim / memref.dim otherwise.
mlir::Value getDimSize(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value shaped, int64_t dim);

/// The sizes of the dynamic dimensions of a shaped value, in order.
llvm::SmallVector<mlir::Value>
getDynamicSizes(mlir::OpBuilder &b, mlir::Location loc, mlir::Value shaped);

/// The number of elements of a shaped value (1 for a scalar), as an index.
mlir::Value getNumElements(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value value);

/// The identity-layout memref type of a tensor type.
mlir::MemRefType getBufferType(mlir::Type tensorType);

/// Allocates a buffer of `type` and fills it with `fill` when given.
mlir::Value allocBuffer(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::MemRefType type, mlir::ValueRange dynamicSizes,
                        std::optional<double> fill = std::nullopt);

/// Fills a floating-point buffer with a constant.
void fillBuffer(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buffer,
                double value);

/// A view of a memref of any rank (identity layout) as a row-major vector.
class LinearView {
public:
  LinearView(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buffer);
  mlir::Value load(mlir::OpBuilder &b, mlir::Location loc,
                   mlir::Value index) const;
  void store(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
             mlir::Value index) const;

private:
  mlir::Value flat; // rank 1, or rank 0 for a rank-0 buffer
};

/// Emits `for i in [0, upper)` and calls body(builder, loc, i) inside.
void buildLoop(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value upper,
    llvm::function_ref<void(mlir::OpBuilder &, mlir::Location, mlir::Value)>
        body);

/// Emits sum_{i < upper} term(i) as an f64 reduction loop.
mlir::Value
buildSum(mlir::OpBuilder &b, mlir::Location loc, mlir::Value upper,
         llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location,
                                        mlir::Value)>
             term);

/// Writes `value` (an f64 or a tensor) into `buffer` (memref<1xf64> for a
/// scalar, the tensor's buffer type otherwise).
void storeValue(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                mlir::Value buffer);

/// The inverse of storeValue: an f64 or a tensor of `type` read from buffer.
mlir::Value loadValue(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type,
                      mlir::Value buffer);

/// The buffer type storeValue uses for a value of `type`.
mlir::MemRefType getValueBufferType(mlir::Type type);

/// Allocates the buffer storeValue needs for `value` (sizes taken from it).
mlir::Value allocValueBuffer(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value value);

} // namespace qgrad::gradient::detail

#endif // QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_BUFFERS_H
