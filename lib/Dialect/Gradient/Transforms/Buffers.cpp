//===- Buffers.cpp - Buffer helpers for the gradient lowering -------------===//

#include "Buffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace qgrad::gradient::detail;

Value qgrad::gradient::detail::indexConstant(OpBuilder &b, Location loc,
                                             int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value qgrad::gradient::detail::f64Constant(OpBuilder &b, Location loc,
                                           double value) {
  return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value));
}

Value qgrad::gradient::detail::getDimSize(OpBuilder &b, Location loc,
                                          Value shaped, int64_t dim) {
  auto type = cast<ShapedType>(shaped.getType());
  if (!type.isDynamicDim(dim))
    return indexConstant(b, loc, type.getDimSize(dim));
  if (isa<TensorType>(type))
    return tensor::DimOp::create(b, loc, shaped, dim);
  return memref::DimOp::create(b, loc, shaped, dim);
}

SmallVector<Value> qgrad::gradient::detail::getDynamicSizes(OpBuilder &b,
                                                            Location loc,
                                                            Value shaped) {
  SmallVector<Value> sizes;
  auto type = cast<ShapedType>(shaped.getType());
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(getDimSize(b, loc, shaped, dim));
  return sizes;
}

Value qgrad::gradient::detail::getNumElements(OpBuilder &b, Location loc,
                                              Value value) {
  auto type = dyn_cast<ShapedType>(value.getType());
  if (!type)
    return indexConstant(b, loc, 1);
  if (type.hasStaticShape())
    return indexConstant(b, loc, type.getNumElements());
  Value count = indexConstant(b, loc, 1);
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    count =
        arith::MulIOp::create(b, loc, count, getDimSize(b, loc, value, dim));
  return count;
}

MemRefType qgrad::gradient::detail::getBufferType(Type tensorType) {
  auto tensor = cast<RankedTensorType>(tensorType);
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

void qgrad::gradient::detail::fillBuffer(OpBuilder &b, Location loc,
                                         Value buffer, double value) {
  Value constant = f64Constant(b, loc, value);
  linalg::FillOp::create(b, loc, ValueRange{constant}, ValueRange{buffer});
}

Value qgrad::gradient::detail::allocBuffer(OpBuilder &b, Location loc,
                                           MemRefType type,
                                           ValueRange dynamicSizes,
                                           std::optional<double> fill) {
  Value buffer = memref::AllocOp::create(b, loc, type, dynamicSizes);
  if (fill)
    fillBuffer(b, loc, buffer, *fill);
  return buffer;
}

LinearView::LinearView(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() <= 1) {
    flat = buffer;
    return;
  }
  SmallVector<ReassociationIndices> all(1);
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    all[0].push_back(dim);
  flat = memref::CollapseShapeOp::create(b, loc, buffer, all);
}

Value LinearView::load(OpBuilder &b, Location loc, Value index) const {
  if (cast<MemRefType>(flat.getType()).getRank() == 0)
    return memref::LoadOp::create(b, loc, flat, ValueRange{});
  return memref::LoadOp::create(b, loc, flat, ValueRange{index});
}

void LinearView::store(OpBuilder &b, Location loc, Value value,
                       Value index) const {
  if (cast<MemRefType>(flat.getType()).getRank() == 0)
    memref::StoreOp::create(b, loc, value, flat, ValueRange{});
  else
    memref::StoreOp::create(b, loc, value, flat, ValueRange{index});
}

void qgrad::gradient::detail::buildLoop(
    OpBuilder &b, Location loc, Value upper,
    function_ref<void(OpBuilder &, Location, Value)> body) {
  scf::ForOp::create(
      b, loc, indexConstant(b, loc, 0), upper, indexConstant(b, loc, 1),
      ValueRange{},
      [&](OpBuilder &nested, Location nestedLoc, Value iv, ValueRange) {
        body(nested, nestedLoc, iv);
        scf::YieldOp::create(nested, nestedLoc);
      });
}

Value qgrad::gradient::detail::buildSum(
    OpBuilder &b, Location loc, Value upper,
    function_ref<Value(OpBuilder &, Location, Value)> term) {
  auto loop = scf::ForOp::create(
      b, loc, indexConstant(b, loc, 0), upper, indexConstant(b, loc, 1),
      ValueRange{f64Constant(b, loc, 0.0)},
      [&](OpBuilder &nested, Location nestedLoc, Value iv, ValueRange acc) {
        Value sum = arith::AddFOp::create(nested, nestedLoc, acc.front(),
                                          term(nested, nestedLoc, iv));
        scf::YieldOp::create(nested, nestedLoc, sum);
      });
  return loop.getResult(0);
}

MemRefType qgrad::gradient::detail::getValueBufferType(Type type) {
  if (isa<RankedTensorType>(type))
    return getBufferType(type);
  return MemRefType::get({1}, type);
}

Value qgrad::gradient::detail::allocValueBuffer(OpBuilder &b, Location loc,
                                                Value value) {
  SmallVector<Value> sizes;
  if (isa<RankedTensorType>(value.getType()))
    sizes = getDynamicSizes(b, loc, value);
  return memref::AllocOp::create(b, loc, getValueBufferType(value.getType()),
                                 sizes);
}

void qgrad::gradient::detail::storeValue(OpBuilder &b, Location loc,
                                         Value value, Value buffer) {
  if (isa<RankedTensorType>(value.getType())) {
    auto materialize = bufferization::MaterializeInDestinationOp::create(
        b, loc, value, buffer);
    materialize.setWritable(true);
    materialize.setRestrict(true);
    return;
  }
  memref::StoreOp::create(b, loc, value, buffer,
                          ValueRange{indexConstant(b, loc, 0)});
}

Value qgrad::gradient::detail::loadValue(OpBuilder &b, Location loc, Type type,
                                         Value buffer) {
  if (isa<RankedTensorType>(type))
    return bufferization::ToTensorOp::create(b, loc, type, buffer,
                                             /*restrict=*/true);
  return memref::LoadOp::create(b, loc, buffer,
                                ValueRange{indexConstant(b, loc, 0)});
}
