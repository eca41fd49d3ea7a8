//===- Jacobians.cpp - Jacobian blocks of a function call -----------------===//

#include "Jacobians.h"

#include "Buffers.h"
#include "FunctionCopies.h"
#include "HamiltonianTerms.h"
#include "ObservableData.h"
#include "QNodeParts.h"

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"
#include "qgrad/Dialect/Quantum/IR/QNode.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace qgrad::gradient;
using namespace qgrad::gradient::detail;

namespace {

/// Whether `fn` calls a qnode, directly or through other functions.
bool reachesQNode(ModuleOp module, func::FuncOp fn,
                  DenseMap<Operation *, bool> &memo) {
  if (auto it = memo.find(fn); it != memo.end())
    return it->second;
  memo[fn] = false; // a cycle without a qnode reaches none
  bool reaches = qgrad::quantum::isQNode(fn);
  fn.walk([&](func::CallOp call) {
    if (reaches)
      return;
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
    reaches = callee && reachesQNode(module, callee, memo);
  });
  return memo[fn] = reaches;
}

FailureOr<func::FuncOp> getDifferentiableVersion(ModuleOp module,
                                                 func::FuncOp fn,
                                                 ArrayRef<unsigned> diffArgs,
                                                 Location requestedAt,
                                                 unsigned order);

/// A qnode whose Hamiltonian coefficients are differentiated: the classical
/// contraction `Q.contraction.ad` of the coefficients with Q.terms' values,
/// calling Q.terms' own differentiable version (HamiltonianTerms.h).
/// Q.terms takes Q's arguments, so the same ones are differentiated.
FailureOr<func::FuncOp> getTermwiseVersion(ModuleOp module, func::FuncOp qnode,
                                           ArrayRef<unsigned> diffArgs,
                                           Location requestedAt,
                                           unsigned order) {
  auto terms = getOrCreateHamiltonianTerms(module, qnode);
  if (failed(terms))
    return failure();
  auto differentiableTerms =
      getDifferentiableVersion(module, *terms, diffArgs, requestedAt, order);
  if (failed(differentiableTerms))
    return failure();
  std::string name = (qnode.getSymName() +
                      (order >= 2 ? ".contraction.ad2" : ".contraction.ad"))
                         .str();
  return getOrCreateHamiltonianContraction(module, qnode, *differentiableTerms,
                                           name);
}

/// The function the AD engine differentiates in place of `fn`: fn itself
/// when no qnode is reached, the qnode's surrogate for a qnode (or its
/// termwise version when Hamiltonian coefficients are differentiated), and
/// otherwise a clone `fn.ad` whose calls lead to surrogates.
FailureOr<func::FuncOp> getDifferentiableVersion(ModuleOp module,
                                                 func::FuncOp fn,
                                                 ArrayRef<unsigned> diffArgs,
                                                 Location requestedAt,
                                                 unsigned order) {
  DenseMap<Operation *, bool> memo;
  if (!reachesQNode(module, fn, memo))
    return fn;
  if (qgrad::quantum::isQNode(fn)) {
    FailureOr<bool> termwise = needsHamiltonianTerms(fn, diffArgs, requestedAt);
    if (failed(termwise))
      return failure();
    if (*termwise)
      return getTermwiseVersion(module, fn, diffArgs, requestedAt, order);
    if (failed(checkNoMatrixDepends(fn, diffArgs, requestedAt)))
      return failure();
    return getOrCreateQNodeSurrogate(module, fn, order);
  }
  std::string name = (fn.getSymName() + (order >= 2 ? ".ad2" : ".ad")).str();
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  func::FuncOp clone = clonePrivately(fn, name);
  SmallVector<func::CallOp> calls;
  clone.walk([&](func::CallOp call) { calls.push_back(call); });
  for (func::CallOp call : calls) {
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
    if (!callee)
      continue;
    // Which of the callee's arguments carry derivatives is not tracked
    // across calls: every floating-point argument may.
    SmallVector<unsigned> floatArgs;
    for (auto [position, type] : llvm::enumerate(callee.getArgumentTypes()))
      if (isa<FloatType, ComplexType>(getElementTypeOrSelf(type)))
        floatArgs.push_back(position);
    auto replacement = getDifferentiableVersion(module, callee, floatArgs,
                                                call.getLoc(), order);
    if (failed(replacement))
      return failure();
    call.setCallee(replacement->getSymName());
  }
  return clone;
}

} // namespace

FailureOr<func::FuncOp>
qgrad::gradient::detail::getOrCreateDPS(ModuleOp module, func::FuncOp fn,
                                        ArrayRef<unsigned> diffArgs,
                                        Location requestedAt, unsigned order) {
  auto target =
      getDifferentiableVersion(module, fn, diffArgs, requestedAt, order);
  if (failed(target))
    return failure();
  std::string name = (fn.getSymName() + (order >= 2 ? ".dps2" : ".dps")).str();
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  Location loc = fn.getLoc();
  SmallVector<Type> inputs;
  for (Type type : fn.getArgumentTypes())
    inputs.push_back(isa<RankedTensorType>(type) ? getBufferType(type) : type);
  for (Type type : fn.getResultTypes())
    inputs.push_back(getValueBufferType(type));
  OpBuilder b(fn);
  b.setInsertionPointAfter(fn);
  auto dps = func::FuncOp::create(b, loc, name, b.getFunctionType(inputs, {}));
  dps.setPrivate();
  SymbolTable(module).insert(dps);
  Block *entry = dps.addEntryBlock();
  b.setInsertionPointToStart(entry);
  SmallVector<Value> args;
  for (auto [type, arg] :
       llvm::zip(fn.getArgumentTypes(), entry->getArguments()))
    args.push_back(isa<RankedTensorType>(type)
                       ? Value(bufferization::ToTensorOp::create(
                             b, loc, type, arg, /*restrict=*/true))
                       : arg);
  auto call = func::CallOp::create(b, loc, *target, args);
  for (auto [result, out] :
       llvm::zip(call.getResults(),
                 entry->getArguments().take_back(fn.getNumResults())))
    storeValue(b, loc, result, out);
  func::ReturnOp::create(b, loc);
  return dps;
}

LogicalResult
qgrad::gradient::detail::checkF64Types(Location loc,
                                       const CallToDifferentiate &call) {
  auto isF64Based = [](Type type) {
    return getElementTypeOrSelf(type).isF64() &&
           (type.isF64() || isa<RankedTensorType>(type));
  };
  for (unsigned position : call.diffArgs)
    if (!isF64Based(call.args[position].getType()))
      return emitError(loc) << "differentiating argument " << position
                            << " of type " << call.args[position].getType()
                            << " is not supported (f64 and tensors of f64)";
  for (Type type : call.callee.getResultTypes())
    if (!isF64Based(type))
      return emitError(loc) << "differentiating result of type " << type
                            << " is not supported (f64 and tensors of f64)";
  return success();
}

namespace {

/// Allocates block (k, i) with the dimensions of result k then argument i.
Value allocBlock(OpBuilder &b, Location loc, Type resultType, Value resultValue,
                 Value argument) {
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamic;
  auto append = [&](Type type, Value value) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped)
      return;
    for (int64_t dim = 0; dim < shaped.getRank(); ++dim) {
      shape.push_back(shaped.getDimSize(dim));
      if (shaped.isDynamicDim(dim))
        dynamic.push_back(getDimSize(b, loc, value, dim));
    }
  };
  append(resultType, resultValue);
  append(argument.getType(), argument);
  if (shape.empty())
    shape.push_back(1);
  return allocBuffer(b, loc, MemRefType::get(shape, b.getF64Type()), dynamic);
}

bool hasDynamicResult(func::FuncOp fn) {
  return llvm::any_of(fn.getResultTypes(), [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && !shaped.hasStaticShape();
  });
}

/// Rows and columns of every block, and the blocks themselves.
JacobianBlocks allocBlocks(OpBuilder &b, Location loc,
                           const CallToDifferentiate &call,
                           SmallVector<Value> values) {
  JacobianBlocks blocks;
  blocks.values = std::move(values);
  auto resultTypes = call.callee.getResultTypes();
  for (auto [k, type] : llvm::enumerate(resultTypes)) {
    Value value = blocks.values.empty() ? Value() : blocks.values[k];
    auto shaped = dyn_cast<ShapedType>(type);
    blocks.rows.push_back(
        shaped && !shaped.hasStaticShape()
            ? getNumElements(b, loc, value)
            : indexConstant(b, loc, shaped ? shaped.getNumElements() : 1));
    SmallVector<Value> row;
    for (unsigned position : call.diffArgs)
      row.push_back(allocBlock(b, loc, type, value, call.args[position]));
    blocks.blocks.push_back(std::move(row));
  }
  for (unsigned position : call.diffArgs)
    blocks.columns.push_back(getNumElements(b, loc, call.args[position]));
  return blocks;
}

} // namespace

SmallVector<Value>
qgrad::gradient::detail::callValues(OpBuilder &b, Location loc,
                                    const CallToDifferentiate &call) {
  return func::CallOp::create(b, loc, call.callee, call.args).getResults();
}

FailureOr<JacobianBlocks>
qgrad::gradient::detail::buildExactJacobians(OpBuilder &b, Location loc,
                                             ModuleOp module,
                                             const CallToDifferentiate &call) {
  if (failed(checkF64Types(loc, call)))
    return failure();
  auto dps =
      getOrCreateDPS(module, call.callee, call.diffArgs, loc, call.order);
  if (failed(dps))
    return failure();

  SmallVector<Value> values;
  if (hasDynamicResult(call.callee))
    values = callValues(b, loc, call);
  JacobianBlocks blocks = allocBlocks(b, loc, call, values);

  // Arguments as the DPS function takes them, and zeroed shadows for the
  // differentiated tensors.
  SmallVector<Value> args, shadows;
  SmallVector<Type> scalarGradientTypes;
  for (auto [position, arg] : llvm::enumerate(call.args)) {
    bool differentiated = llvm::is_contained(call.diffArgs, position);
    if (!isa<RankedTensorType>(arg.getType())) {
      args.push_back(arg);
      if (differentiated)
        scalarGradientTypes.push_back(arg.getType());
      continue;
    }
    MemRefType type = getBufferType(arg.getType());
    args.push_back(bufferization::ToBufferOp::create(b, loc, type, arg,
                                                     /*readOnly=*/true));
    if (differentiated)
      shadows.push_back(
          allocBuffer(b, loc, type, getDynamicSizes(b, loc, arg)));
  }
  SmallVector<Value> outs, cotangents;
  for (auto [k, type] : llvm::enumerate(call.callee.getResultTypes())) {
    MemRefType bufferType = getValueBufferType(type);
    SmallVector<Value> sizes;
    if (!values.empty() && isa<RankedTensorType>(type))
      sizes = getDynamicSizes(b, loc, values[k]);
    outs.push_back(allocBuffer(b, loc, bufferType, sizes));
    cotangents.push_back(allocBuffer(b, loc, bufferType, sizes));
  }
  SmallVector<int64_t> positions(call.diffArgs.begin(), call.diffArgs.end());
  auto diffArgIndices = DenseIntElementsAttr::get(
      RankedTensorType::get({static_cast<int64_t>(positions.size())},
                            b.getIndexType()),
      positions);

  // One reverse sweep per result element, seeded with its unit cotangent.
  for (size_t k = 0; k < cotangents.size(); ++k) {
    buildLoop(b, loc, blocks.rows[k], [&](OpBuilder &lb, Location l, Value e) {
      for (Value cotangent : cotangents)
        fillBuffer(lb, l, cotangent, 0.0);
      LinearView(lb, l, cotangents[k]).store(lb, l, f64Constant(lb, l, 1.0), e);
      for (Value shadow : shadows)
        fillBuffer(lb, l, shadow, 0.0);
      auto sweep = BackpropOp::create(
          lb, l, scalarGradientTypes, FlatSymbolRefAttr::get(*dps), args,
          shadows, outs, cotangents, diffArgIndices);
      unsigned nextScalar = 0, nextShadow = 0;
      for (auto [i, position] : llvm::enumerate(call.diffArgs)) {
        LinearView block(lb, l, blocks.blocks[k][i]);
        if (!isa<RankedTensorType>(call.args[position].getType())) {
          block.store(lb, l, sweep.getResult(nextScalar++), e);
          continue;
        }
        LinearView shadow(lb, l, shadows[nextShadow++]);
        Value columns = blocks.columns[i];
        Value rowStart = arith::MulIOp::create(lb, l, e, columns);
        buildLoop(lb, l, columns, [&](OpBuilder &mb, Location ml, Value m) {
          block.store(mb, ml, shadow.load(mb, ml, m),
                      arith::AddIOp::create(mb, ml, rowStart, m));
        });
      }
    });
  }
  // Temporaries are freed by the ownership-based deallocation that runs
  // after bufferization; it rejects explicit deallocations.
  return blocks;
}

FailureOr<JacobianBlocks>
qgrad::gradient::detail::buildFiniteDifferenceJacobians(
    OpBuilder &b, Location loc, const CallToDifferentiate &call, double step) {
  if (failed(checkF64Types(loc, call)))
    return failure();
  JacobianBlocks blocks = allocBlocks(b, loc, call, callValues(b, loc, call));
  SmallVector<Value> base;
  for (Value value : blocks.values) {
    base.push_back(allocValueBuffer(b, loc, value));
    storeValue(b, loc, value, base.back());
  }
  Value h = f64Constant(b, loc, step);

  for (auto [i, position] : llvm::enumerate(call.diffArgs)) {
    Value arg = call.args[position];
    Value columns = blocks.columns[i];
    buildLoop(b, loc, columns, [&](OpBuilder &lb, Location l, Value m) {
      // The call's arguments with element m of argument `position` moved by h.
      SmallVector<Value> shifted(call.args);
      Value copy;
      if (auto tensorType = dyn_cast<RankedTensorType>(arg.getType())) {
        copy = allocValueBuffer(lb, l, arg);
        storeValue(lb, l, arg, copy);
        LinearView view(lb, l, copy);
        view.store(lb, l, arith::AddFOp::create(lb, l, view.load(lb, l, m), h),
                   m);
        shifted[position] = loadValue(lb, l, tensorType, copy);
      } else {
        shifted[position] = arith::AddFOp::create(lb, l, arg, h);
      }
      auto results =
          func::CallOp::create(lb, l, call.callee, shifted).getResults();
      for (auto [k, result] : llvm::enumerate(results)) {
        Value moved = allocValueBuffer(lb, l, result);
        storeValue(lb, l, result, moved);
        LinearView movedView(lb, l, moved), baseView(lb, l, base[k]);
        LinearView block(lb, l, blocks.blocks[k][i]);
        buildLoop(
            lb, l, blocks.rows[k], [&](OpBuilder &eb, Location el, Value e) {
              Value difference = arith::SubFOp::create(
                  eb, el, movedView.load(eb, el, e), baseView.load(eb, el, e));
              Value slope = arith::DivFOp::create(eb, el, difference, h);
              Value index = arith::AddIOp::create(
                  eb, el, arith::MulIOp::create(eb, el, e, columns), m);
              block.store(eb, el, slope, index);
            });
      }
    });
  }
  return blocks;
}

Value qgrad::gradient::detail::getBlockResult(OpBuilder &b, Location loc,
                                              Value block, Type resultType) {
  // A block of a 0-d tensor (JAX's scalars) and a scalar argument is one
  // element of a memref<1xf64>.
  if (auto tensor = dyn_cast<RankedTensorType>(resultType);
      tensor && tensor.getRank() == 0 &&
      cast<MemRefType>(block.getType()).getRank() != 0)
    return tensor::FromElementsOp::create(
        b, loc, tensor,
        ValueRange{memref::LoadOp::create(
            b, loc, block, ValueRange{indexConstant(b, loc, 0)})});
  if (isa<RankedTensorType>(resultType))
    return bufferization::ToTensorOp::create(b, loc, resultType, block,
                                             /*restrict=*/true);
  return memref::LoadOp::create(b, loc, block,
                                ValueRange{indexConstant(b, loc, 0)});
}
