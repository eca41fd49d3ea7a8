//===- LowerGradients.cpp - Derivative ops to Jacobian code ---------------===//
//
// grad, value_and_grad, vjp and a jvp by finite differences reduce to the
// Jacobian blocks of their call (Jacobians.h); this file maps each op's
// results onto those blocks. An exact jvp is one forward-mode sweep
// (ForwardSweeps.cpp).
//
//===----------------------------------------------------------------------===//

#include "qgrad/Dialect/Gradient/Transforms/Passes.h"

#include "Buffers.h"
#include "Jacobians.h"

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace qgrad::gradient {
#define GEN_PASS_DEF_LOWERGRADIENTS
#include "qgrad/Dialect/Gradient/Transforms/Passes.h.inc"
} // namespace qgrad::gradient

using namespace mlir;
using namespace qgrad::gradient;
using namespace qgrad::gradient::detail;

namespace {

/// One output element as a row-major buffer view, with its element count.
struct FlatValue {
  Value buffer;
  Value size;
};

FlatValue flatten(OpBuilder &b, Location loc, Value value) {
  Value buffer = allocValueBuffer(b, loc, value);
  storeValue(b, loc, value, buffer);
  return {buffer, getNumElements(b, loc, value)};
}

/// sum over blocks of J * direction, contracted over the argument's (jvp)
/// or the result's (vjp) elements.
Value contract(OpBuilder &b, Location loc, ArrayRef<Value> blocks,
               ArrayRef<FlatValue> directions, ArrayRef<Value> strides,
               Value outerIndex, bool overColumns) {
  Value total = f64Constant(b, loc, 0.0);
  for (auto [block, direction, stride] :
       llvm::zip(blocks, directions, strides)) {
    LinearView blockView(b, loc, block),
        directionView(b, loc, direction.buffer);
    Value sum = buildSum(
        b, loc, direction.size, [&](OpBuilder &sb, Location sl, Value inner) {
          // Row-major (e, m): e * columns + m.
          Value index =
              overColumns
                  ? arith::AddIOp::create(
                        sb, sl,
                        arith::MulIOp::create(sb, sl, outerIndex, stride),
                        inner)
                  : arith::AddIOp::create(
                        sb, sl, arith::MulIOp::create(sb, sl, inner, stride),
                        outerIndex);
          return arith::MulFOp::create(sb, sl, blockView.load(sb, sl, index),
                                       directionView.load(sb, sl, inner));
        });
    total = arith::AddFOp::create(b, loc, total, sum);
  }
  return total;
}

/// A buffer of `type`'s shape filled by fill(index), returned as the value.
Value buildValue(OpBuilder &b, Location loc, Type type, Value shapeSource,
                 Value count,
                 function_ref<Value(OpBuilder &, Location, Value)> fill) {
  Value buffer = memref::AllocOp::create(
      b, loc, getValueBufferType(type),
      isa<RankedTensorType>(type) ? getDynamicSizes(b, loc, shapeSource)
                                  : SmallVector<Value>());
  LinearView view(b, loc, buffer);
  buildLoop(b, loc, count, [&](OpBuilder &lb, Location l, Value index) {
    view.store(lb, l, fill(lb, l, index), index);
  });
  return loadValue(b, loc, type, buffer);
}

/// hessian @f(args) becomes grad @f.gradient(args), the Jacobian of a
/// function returning grad @f(args): a derivative that is differentiated
/// again, lowered as such (second-order qnode surrogates included).
LogicalResult expandHessian(ModuleOp module, HessianOp op) {
  auto callee = module.lookupSymbol<func::FuncOp>(op.getCalleeAttr());
  if (!callee)
    return op.emitError("callee not found");
  std::string name =
      (callee.getSymName() + ".gradient." + op.getMethod()).str();
  for (unsigned position : op.getDiffArgPositions())
    name += "." + std::to_string(position);
  if (FloatAttr step = op.getFiniteDiffParamAttr())
    name += ".h" + std::to_string(step.getValueAsDouble());
  SymbolTable symbols(module);
  SmallVector<Type> gradientTypes;
  for (unsigned position : op.getDiffArgPositions())
    gradientTypes.push_back(callee.getArgumentTypes()[position]);
  auto gradient = symbols.lookup<func::FuncOp>(name);
  if (!gradient) {
    OpBuilder b(callee);
    b.setInsertionPointAfter(callee);
    gradient = func::FuncOp::create(
        b, callee.getLoc(), name,
        b.getFunctionType(callee.getArgumentTypes(), gradientTypes));
    gradient.setPrivate();
    // Inlined before AD, like a qnode's surrogate: its tensor results
    // would leave a call as memref descriptors returned by value, which the
    // engine cannot give shadows.
    gradient->setAttr("passthrough",
                      b.getArrayAttr({b.getStringAttr("alwaysinline")}));
    symbols.insert(gradient);
    Block *entry = gradient.addEntryBlock();
    b.setInsertionPointToStart(entry);
    auto inner =
        GradOp::create(b, op.getLoc(), gradientTypes, op.getMethodAttr(),
                       op.getCalleeAttr(), op.getDiffArgIndicesAttr(),
                       op.getFiniteDiffParamAttr(), entry->getArguments());
    func::ReturnOp::create(b, op.getLoc(), inner.getResults());
  }
  OpBuilder b(op);
  auto outer = GradOp::create(
      b, op.getLoc(), op.getResultTypes(), op.getMethodAttr(),
      FlatSymbolRefAttr::get(gradient), op.getDiffArgIndicesAttr(),
      op.getFiniteDiffParamAttr(), op.getArgs());
  op.replaceAllUsesWith(outer.getResults());
  op.erase();
  return success();
}

/// The derivative ops whose derivatives are differentiated again: those in
/// a function that another derivative op's callee reaches (through calls
/// and the callees of derivative ops).
DenseSet<Operation *>
findDifferentiatedDerivatives(ModuleOp module,
                              ArrayRef<DerivativeOpInterface> ops) {
  SymbolTable symbols(module);
  DenseSet<Operation *> reached;
  SmallVector<func::FuncOp> worklist;
  auto reach = [&](SymbolRefAttr name) {
    auto fn =
        symbols.lookup<func::FuncOp>(cast<FlatSymbolRefAttr>(name).getValue());
    if (fn && reached.insert(fn).second)
      worklist.push_back(fn);
  };
  for (DerivativeOpInterface op : ops)
    reach(op.getCalleeAttr());
  while (!worklist.empty()) {
    func::FuncOp fn = worklist.pop_back_val();
    fn.walk([&](Operation *inner) {
      if (auto call = dyn_cast<func::CallOp>(inner))
        reach(call.getCalleeAttr());
      else if (auto derivative = dyn_cast<DerivativeOpInterface>(inner))
        reach(derivative.getCalleeAttr());
    });
  }
  DenseSet<Operation *> nested;
  for (DerivativeOpInterface op : ops)
    if (reached.contains(op->getParentOfType<func::FuncOp>()))
      nested.insert(op);
  return nested;
}

class LowerGradientsPass
    : public qgrad::gradient::impl::LowerGradientsBase<LowerGradientsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<HessianOp> hessians;
    module.walk([&](HessianOp op) { hessians.push_back(op); });
    for (HessianOp op : hessians)
      if (failed(expandHessian(module, op)))
        return signalPassFailure();
    SmallVector<DerivativeOpInterface> ops;
    module.walk([&](DerivativeOpInterface op) { ops.push_back(op); });
    // A differentiated derivative is lowered first, with second-order qnode
    // surrogates; the outer derivative then differentiates its code (a
    // clone of the function around it would copy the op unlowered).
    DenseSet<Operation *> nested = findDifferentiatedDerivatives(module, ops);
    SmallVector<DerivativeOpInterface> ordered;
    for (bool inner : {true, false})
      for (DerivativeOpInterface op : ops)
        if (nested.contains(op.getOperation()) == inner)
          ordered.push_back(op);
    ops = std::move(ordered);
    for (DerivativeOpInterface op : ops)
      if (failed(lower(module, op, nested.contains(op.getOperation()) ? 2 : 1)))
        return signalPassFailure();
  }

private:
  LogicalResult lower(ModuleOp module, DerivativeOpInterface op,
                      unsigned order);
};

LogicalResult LowerGradientsPass::lower(ModuleOp module,
                                        DerivativeOpInterface op,
                                        unsigned order) {
  Operation *operation = op.getOperation();
  Location loc = operation->getLoc();
  OpBuilder b(operation);
  auto callee = module.lookupSymbol<func::FuncOp>(op.getCalleeAttr());
  if (!callee)
    return operation->emitError("callee not found");
  CallToDifferentiate call{callee, SmallVector<Value>(op.getCallArgs()),
                           op.getDiffArgPositions(), order};

  // An exact jvp is one forward-mode sweep, not a Jacobian.
  if (auto jvp = dyn_cast<JVPOp>(operation); jvp && op.getMethod() != "fd") {
    FailureOr<ForwardSweep> sweep =
        buildForwardSweep(b, loc, module, call, jvp.getTangents());
    if (failed(sweep))
      return failure();
    SmallVector<Value> replacements(sweep->values);
    llvm::append_range(replacements, sweep->tangents);
    operation->replaceAllUsesWith(replacements);
    operation->erase();
    return success();
  }

  FailureOr<JacobianBlocks> blocks = failure();
  if (op.getMethod() == "fd") {
    FloatAttr step = op.getFiniteDiffParamAttr();
    blocks = buildFiniteDifferenceJacobians(
        b, loc, call, step ? step.getValueAsDouble() : 1e-7);
  } else {
    blocks = buildExactJacobians(b, loc, module, call);
  }
  if (failed(blocks))
    return failure();
  // The Jacobians may have computed the values already.
  auto values = [&]() -> SmallVector<Value> {
    if (!blocks->values.empty())
      return blocks->values;
    return callValues(b, loc, call);
  };

  unsigned numResults = callee.getNumResults();
  unsigned numDiffArgs = call.diffArgs.size();
  SmallVector<Value> replacements;
  auto appendJacobians = [&](unsigned firstResult) {
    for (unsigned k = 0; k < numResults; ++k)
      for (unsigned i = 0; i < numDiffArgs; ++i)
        replacements.push_back(getBlockResult(
            b, loc, blocks->blocks[k][i],
            operation->getResult(firstResult + k * numDiffArgs + i).getType()));
  };

  if (isa<GradOp>(operation)) {
    appendJacobians(0);
  } else if (isa<ValueAndGradOp>(operation)) {
    replacements = values();
    appendJacobians(numResults);
  } else if (auto jvp = dyn_cast<JVPOp>(operation)) {
    replacements = values();
    SmallVector<FlatValue> tangents;
    for (Value tangent : jvp.getTangents())
      tangents.push_back(flatten(b, loc, tangent));
    for (unsigned k = 0; k < numResults; ++k) {
      Value result = replacements[k];
      replacements.push_back(buildValue(
          b, loc, result.getType(), result, blocks->rows[k],
          [&](OpBuilder &eb, Location el, Value e) {
            return contract(eb, el, blocks->blocks[k], tangents,
                            blocks->columns, e, /*overColumns=*/true);
          }));
    }
  } else if (auto vjp = dyn_cast<VJPOp>(operation)) {
    replacements = values();
    SmallVector<FlatValue> cotangents;
    for (Value cotangent : vjp.getCotangents())
      cotangents.push_back(flatten(b, loc, cotangent));
    for (auto [i, position] : llvm::enumerate(call.diffArgs)) {
      SmallVector<Value> column;
      for (unsigned k = 0; k < numResults; ++k)
        column.push_back(blocks->blocks[k][i]);
      SmallVector<Value> strides(numResults, blocks->columns[i]);
      Value arg = call.args[position];
      replacements.push_back(
          buildValue(b, loc, arg.getType(), arg, blocks->columns[i],
                     [&](OpBuilder &eb, Location el, Value m) {
                       return contract(eb, el, column, cotangents, strides, m,
                                       /*overColumns=*/false);
                     }));
    }
  } else {
    return operation->emitError("unknown derivative op");
  }
  operation->replaceAllUsesWith(replacements);
  operation->erase();
  return success();
}

} // namespace
