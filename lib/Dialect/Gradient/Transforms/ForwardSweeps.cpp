//===- ForwardSweeps.cpp - Directional derivatives by forward mode --------===//
//
// A jvp needs one directional derivative, which one forward-mode sweep
// computes for the price of about one call: the callee's destination-passing
// form runs through gradient.fwdprop with the tangents beside its arguments
// and writes its outputs and their tangents. Building the whole Jacobian by
// one reverse sweep per output element and contracting it with the tangent,
// as before, cost one sweep per output element.
//
//===----------------------------------------------------------------------===//

#include "Buffers.h"
#include "Jacobians.h"

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace qgrad::gradient;
using namespace qgrad::gradient::detail;

namespace {

/// A tensor as the memref the DPS function takes; scalars pass unchanged.
Value asOperand(OpBuilder &b, Location loc, Value value) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return value;
  return bufferization::ToBufferOp::create(b, loc, getBufferType(tensor), value,
                                           /*readOnly=*/true);
}

bool hasDynamicShape(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped && !shaped.hasStaticShape();
}

} // namespace

FailureOr<ForwardSweep> qgrad::gradient::detail::buildForwardSweep(
    OpBuilder &b, Location loc, ModuleOp module,
    const CallToDifferentiate &call, ValueRange tangents) {
  if (failed(checkF64Types(loc, call)))
    return failure();
  auto dps =
      getOrCreateDPS(module, call.callee, call.diffArgs, loc, call.order);
  if (failed(dps))
    return failure();

  SmallVector<Value> args, tangentOperands;
  for (Value arg : call.args)
    args.push_back(asOperand(b, loc, arg));
  for (Value tangent : tangents)
    tangentOperands.push_back(asOperand(b, loc, tangent));

  // Results of a shape known only at run time take it from a plain call.
  TypeRange resultTypes = call.callee.getResultTypes();
  SmallVector<Value> shapes;
  if (llvm::any_of(resultTypes, hasDynamicShape))
    shapes = callValues(b, loc, call);
  SmallVector<Value> outs, outTangents;
  for (auto [k, type] : llvm::enumerate(resultTypes)) {
    SmallVector<Value> sizes;
    if (hasDynamicShape(type))
      sizes = getDynamicSizes(b, loc, shapes[k]);
    outs.push_back(allocBuffer(b, loc, getValueBufferType(type), sizes));
    outTangents.push_back(allocBuffer(b, loc, getValueBufferType(type), sizes));
    // Written by the sweep; zero where the callee leaves an element alone.
    fillBuffer(b, loc, outTangents.back(), 0.0);
  }

  SmallVector<int64_t> positions(call.diffArgs.begin(), call.diffArgs.end());
  auto diffArgIndices = DenseIntElementsAttr::get(
      RankedTensorType::get({static_cast<int64_t>(positions.size())},
                            b.getIndexType()),
      positions);
  FwdpropOp::create(b, loc, FlatSymbolRefAttr::get(*dps), args, tangentOperands,
                    outs, outTangents, diffArgIndices);

  ForwardSweep sweep;
  for (auto [k, type] : llvm::enumerate(resultTypes)) {
    sweep.values.push_back(loadValue(b, loc, type, outs[k]));
    sweep.tangents.push_back(loadValue(b, loc, type, outTangents[k]));
  }
  return sweep;
}
