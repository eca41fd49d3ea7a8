//===- DiffArgs.cpp - Differentiated arguments and derivative types -------===//

#include "qgrad/Dialect/Gradient/IR/DiffArgs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

SmallVector<unsigned>
qgrad::gradient::getDiffArgPositions(DenseIntElementsAttr diffArgIndices) {
  if (!diffArgIndices)
    return {0};
  SmallVector<unsigned> positions;
  for (const APInt &index : diffArgIndices.getValues<APInt>())
    positions.push_back(index.getZExtValue());
  return positions;
}

bool qgrad::gradient::isDifferentiableType(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return isa<RankedTensorType, MemRefType>(type) &&
           isa<FloatType>(shaped.getElementType());
  return isa<FloatType>(type);
}

static ArrayRef<int64_t> getShapeOrScalar(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getShape();
  return {};
}

Type qgrad::gradient::getJacobianType(Type result, Type argument) {
  Type element = getElementTypeOrSelf(argument);
  if (!isa<ShapedType>(result) && !isa<ShapedType>(argument))
    return element;
  SmallVector<int64_t> shape(getShapeOrScalar(result));
  llvm::append_range(shape, getShapeOrScalar(argument));
  return RankedTensorType::get(shape, element);
}

bool qgrad::gradient::haveSameShapeAndElementType(Type lhs, Type rhs) {
  if (isa<ShapedType>(lhs) != isa<ShapedType>(rhs))
    return false;
  return getShapeOrScalar(lhs) == getShapeOrScalar(rhs) &&
         getElementTypeOrSelf(lhs) == getElementTypeOrSelf(rhs);
}
