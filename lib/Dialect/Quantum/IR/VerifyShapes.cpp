//===- VerifyShapes.cpp - Shape checks shared by quantum verifiers --------===//

#include "VerifyShapes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

std::optional<int64_t> qgrad::quantum::pow2(std::optional<int64_t> n) {
  if (!n || *n < 0 || *n > 62)
    return std::nullopt;
  return int64_t{1} << *n;
}

LogicalResult qgrad::quantum::verifyMatrixFitsQubits(Operation *op, Type matrix,
                                                     int64_t numQubits) {
  auto shaped = cast<ShapedType>(matrix);
  std::optional<int64_t> side = pow2(numQubits);
  for (int64_t dim : shaped.getShape()) {
    if (ShapedType::isDynamic(dim) || !side || dim == *side)
      continue;
    return op->emitOpError()
           << "matrix of type " << matrix << " does not act on " << numQubits
           << " qubit(s): it must be " << *side << "x" << *side;
  }
  return success();
}

LogicalResult qgrad::quantum::verifyArrayMeasurement(
    Operation *op, Type result, Type buffer, size_t numShapeOperands,
    ArrayRef<std::optional<int64_t>> expectedDims) {
  if (static_cast<bool>(result) == static_cast<bool>(buffer))
    return op->emitOpError()
           << "needs either a tensor result or an `in(...)` buffer, "
           << (result ? "not both" : "but has neither");

  auto shaped = cast<ShapedType>(result ? result : buffer);
  size_t numDynamic = shaped.getNumDynamicDims();
  bool shapeOk =
      numShapeOperands == numDynamic || (buffer && numShapeOperands == 0);
  if (!shapeOk)
    return op->emitOpError()
           << "has " << numShapeOperands << " `shape` operand(s) for " << shaped
           << ", which has " << numDynamic << " dynamic dimension(s)";

  if (static_cast<size_t>(shaped.getRank()) != expectedDims.size())
    return op->emitOpError()
           << "expects a rank-" << expectedDims.size() << " "
           << (result ? "result" : "buffer") << ", got " << shaped;
  for (auto [i, dim, expected] :
       llvm::enumerate(shaped.getShape(), expectedDims)) {
    if (ShapedType::isDynamic(dim) || !expected || dim == *expected)
      continue;
    return op->emitOpError()
           << "dimension " << i << " of " << shaped << " is " << dim
           << ", but the observed wires give " << *expected;
  }
  return success();
}
