//===- MemRefFields.cpp - Memref descriptors as separate values -----------===//

#include "MemRefFields.h"

#include "RuntimeChecks.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

struct Layout {
  SmallVector<int64_t> strides;
  int64_t offset;
};

Layout layoutOf(Value memref) {
  Layout layout;
  // Callers have checked that the layout is strided.
  (void)cast<MemRefType>(memref.getType())
      .getStridesAndOffset(layout.strides, layout.offset);
  return layout;
}

} // namespace

MemRefFields unpackMemRef(OpBuilder &builder, Location loc, Value memref,
                          const LLVMTypeConverter &converter) {
  auto type = cast<MemRefType>(memref.getType());
  Type descriptorType = converter.convertType(type);
  Value descriptor =
      UnrealizedConversionCastOp::create(builder, loc, descriptorType, memref)
          .getResult(0);
  MemRefDescriptor view(descriptor);
  MemRefFields fields{view.allocatedPtr(builder, loc),
                      view.alignedPtr(builder, loc),
                      view.offset(builder, loc),
                      {},
                      {}};
  for (unsigned dim = 0, rank = type.getRank(); dim < rank; ++dim) {
    fields.sizes.push_back(view.size(builder, loc, dim));
    fields.strides.push_back(view.stride(builder, loc, dim));
  }
  return fields;
}

LogicalResult checkShadowLayout(OpBuilder &builder, Operation *op,
                                SymbolTable &symbols, StringRef what,
                                Value primal, const MemRefFields &primalFields,
                                Value shadow,
                                const MemRefFields &shadowFields) {
  auto primalType = cast<MemRefType>(primal.getType());
  auto shadowType = cast<MemRefType>(shadow.getType());
  Layout primalLayout = layoutOf(primal), shadowLayout = layoutOf(shadow);
  for (unsigned dim = 0, rank = primalType.getRank(); dim < rank; ++dim) {
    int64_t primalStride = primalLayout.strides[dim];
    int64_t shadowStride = shadowLayout.strides[dim];
    bool staticStrides = !ShapedType::isDynamic(primalStride) &&
                         !ShapedType::isDynamic(shadowStride);
    if (staticStrides && primalStride != shadowStride)
      return op->emitOpError()
             << what << " has stride " << shadowStride << " in dimension "
             << dim << " but its primal " << primalType << " has stride "
             << primalStride
             << ": the differentiated code reads both through the primal's "
                "strides; copy the buffer into the primal's layout";
    auto compareAtRunTime = [&](StringRef field, Value primalValue,
                                Value shadowValue) {
      return emitEqualityCheck(builder, op, symbols, primalValue, shadowValue,
                               what + " and its primal differ in the " + field +
                                   " of dimension " + Twine(dim));
    };
    if (!staticStrides &&
        failed(compareAtRunTime("stride", primalFields.strides[dim],
                                shadowFields.strides[dim])))
      return failure();
    if ((primalType.isDynamicDim(dim) || shadowType.isDynamicDim(dim)) &&
        failed(compareAtRunTime("size", primalFields.sizes[dim],
                                shadowFields.sizes[dim])))
      return failure();
  }
  return success();
}

Value shadowAlignedPointer(OpBuilder &builder, Location loc, Value primal,
                           const MemRefFields &primalFields, Value shadow,
                           const MemRefFields &shadowFields,
                           const LLVMTypeConverter &converter) {
  int64_t primalOffset = layoutOf(primal).offset;
  int64_t shadowOffset = layoutOf(shadow).offset;
  if (!ShapedType::isDynamic(primalOffset) && primalOffset == shadowOffset)
    return shadowFields.aligned;
  Value distance = LLVM::SubOp::create(builder, loc, shadowFields.offset,
                                       primalFields.offset);
  Type element = converter.convertType(
      cast<MemRefType>(shadow.getType()).getElementType());
  return LLVM::GEPOp::create(builder, loc, shadowFields.aligned.getType(),
                             element, shadowFields.aligned,
                             ArrayRef<LLVM::GEPArg>{distance});
}

} // namespace qgrad::gradient_to_llvm
