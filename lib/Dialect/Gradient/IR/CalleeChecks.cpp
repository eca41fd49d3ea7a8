//===- CalleeChecks.cpp - Checks of a differentiated callee ---------------===//

#include "CalleeChecks.h"

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"
#include "qgrad/Dialect/Quantum/IR/QNode.h"

#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace qgrad::gradient;

LogicalResult qgrad::gradient::verifyDiffArgIndices(
    Operation *op, DenseIntElementsAttr indices, size_t numArgs) {
  if (!indices)
    return numArgs == 0 ? op->emitOpError("has no argument to differentiate")
                        : success();
  if (indices.getType().getRank() != 1 || indices.getNumElements() == 0)
    return op->emitOpError("needs diffArgIndices as a non-empty 1-D list");
  int64_t previous = -1;
  for (const APInt &value : indices.getValues<APInt>()) {
    int64_t index = value.getSExtValue();
    if (index < 0 || index >= static_cast<int64_t>(numArgs))
      return op->emitOpError()
             << "diffArgIndices names argument " << index
             << ", but the callee is given " << numArgs << " argument(s)";
    if (index <= previous)
      return op->emitOpError(
          "diffArgIndices must list distinct arguments in increasing order");
    previous = index;
  }
  return success();
}

FailureOr<FunctionOpInterface>
qgrad::gradient::lookupCallee(Operation *op, FlatSymbolRefAttr callee,
                              SymbolTableCollection &symbolTable) {
  auto fn =
      symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(op, callee);
  if (!fn)
    return op->emitOpError() << callee << " does not name a function";
  return fn;
}

LogicalResult
qgrad::gradient::verifyTypeList(Operation *op, StringRef what, TypeRange actual,
                                TypeRange expected, StringRef reason,
                                function_ref<bool(Type, Type)> matches) {
  if (actual.size() != expected.size())
    return op->emitOpError()
           << "has " << actual.size() << " " << what << "(s), but " << reason
           << " gives " << expected.size();
  for (auto [i, got, want] : llvm::enumerate(actual, expected))
    if (!matches(got, want))
      return op->emitOpError() << what << " " << i << " has type " << got
                               << ", but " << reason << " gives " << want;
  return success();
}

LogicalResult qgrad::gradient::verifyDiffArgsAreFloats(
    Operation *op, FunctionOpInterface callee, ArrayRef<unsigned> positions) {
  for (unsigned position : positions) {
    Type type = callee.getArgumentTypes()[position];
    if (!isDifferentiableType(type))
      return op->emitOpError() << "cannot differentiate @" << callee.getName()
                               << " with respect to argument " << position
                               << " of non-float type " << type;
  }
  return success();
}

LogicalResult
qgrad::gradient::verifyResultsAreFloats(Operation *op,
                                        FunctionOpInterface callee) {
  for (auto [i, type] : llvm::enumerate(callee.getResultTypes()))
    if (!isDifferentiableType(type))
      return op->emitOpError()
             << "cannot differentiate @" << callee.getName() << ": its result "
             << i << " has non-float type " << type;
  return success();
}

namespace {
/// What one walk over a reached function finds.
struct FunctionScan {
  /// The first derivative op inside the function, if any.
  Operation *firstDerivative = nullptr;
  /// The functions it calls or differentiates.
  SmallVector<FunctionOpInterface> referenced;
};
} // namespace

static SymbolRefAttr getReferencedSymbol(Operation *op) {
  if (auto call = dyn_cast<CallOpInterface>(op))
    return dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
  if (auto derivative = dyn_cast<DerivativeOpInterface>(op))
    return derivative.getCalleeAttr();
  if (auto backprop = dyn_cast<BackpropOp>(op))
    return backprop.getCalleeAttr();
  return nullptr;
}

static FunctionScan scanFunction(FunctionOpInterface fn,
                                 SymbolTableCollection &symbolTable) {
  FunctionScan scan;
  fn->walk([&](Operation *op) {
    if (!scan.firstDerivative && isa<DerivativeOpInterface, BackpropOp>(op))
      scan.firstDerivative = op;
    if (SymbolRefAttr symbol = getReferencedSymbol(op))
      if (auto target =
              symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(op,
                                                                       symbol))
        scan.referenced.push_back(target);
  });
  return scan;
}

static LogicalResult verifyReachedFunction(Operation *op,
                                           FunctionOpInterface fn,
                                           const FunctionScan &scan,
                                           StringRef method) {
  if (qgrad::quantum::isQNode(fn)) {
    bool exact = method == "auto";
    if (exact ? failed(qgrad::quantum::verifyQNodeDifferentiable(fn, op))
              : failed(qgrad::quantum::getDiffMethod(fn)))
      return failure();
  }
  return success();
}

/// The functions `from` reaches through calls and differentiated callees.
static llvm::SetVector<Operation *>
reachedFrom(FunctionOpInterface from, SymbolTableCollection &symbolTable) {
  llvm::SetVector<Operation *> reached;
  SmallVector<FunctionOpInterface> worklist = {from};
  reached.insert(from);
  while (!worklist.empty()) {
    FunctionOpInterface fn = worklist.pop_back_val();
    if (fn.isExternal())
      continue;
    for (FunctionOpInterface next : scanFunction(fn, symbolTable).referenced)
      if (reached.insert(next))
        worklist.push_back(next);
  }
  return reached;
}

// A derivative of a derivative is exact for classical code (the AD engine
// nests, docs/ad-engine.md) and, to second order, through qnodes (their
// second-order surrogates apply the parameter-shift rule twice); a third
// derivative through a qnode needs method "fd" somewhere.
static LogicalResult verifyNesting(Operation *op, StringRef method,
                                   ArrayRef<FunctionOpInterface> reached,
                                   ArrayRef<Operation *> innerDerivatives,
                                   SymbolTableCollection &symbolTable) {
  if (method == "fd" || innerDerivatives.empty())
    return success();
  auto qnode = llvm::find_if(reached, [](FunctionOpInterface fn) {
    return qgrad::quantum::isQNode(fn);
  });
  if (qnode == reached.end())
    return success();
  for (Operation *inner : innerDerivatives) {
    auto derivative = dyn_cast<DerivativeOpInterface>(inner);
    if (!derivative || derivative.getMethod() == "fd")
      continue;
    auto callee = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
        inner, derivative.getCalleeAttr());
    if (!callee)
      continue;
    llvm::SetVector<Operation *> below = reachedFrom(callee, symbolTable);
    for (Operation *deeper : innerDerivatives) {
      if (deeper == inner ||
          !below.contains(deeper->getParentOfType<FunctionOpInterface>()))
        continue;
      InFlightDiagnostic diag =
          op->emitOpError()
          << "differentiates a second derivative through the qnode @"
          << FunctionOpInterface(*qnode).getName()
          << "; a third derivative through a qnode needs method \"fd\"";
      diag.attachNote(inner->getLoc()) << "second derivative here";
      return diag;
    }
  }
  return success();
}

LogicalResult qgrad::gradient::verifyReachableFunctions(
    Operation *op, FunctionOpInterface callee, StringRef method,
    SymbolTableCollection &symbolTable) {
  llvm::SetVector<Operation *> reached;
  SmallVector<FunctionOpInterface> worklist = {callee}, reachedFunctions;
  SmallVector<Operation *> innerDerivatives;
  reached.insert(callee);
  while (!worklist.empty()) {
    FunctionOpInterface fn = worklist.pop_back_val();
    reachedFunctions.push_back(fn);
    if (fn.isExternal())
      continue;
    FunctionScan scan = scanFunction(fn, symbolTable);
    if (failed(verifyReachedFunction(op, fn, scan, method)))
      return failure();
    if (scan.firstDerivative)
      innerDerivatives.push_back(scan.firstDerivative);
    for (FunctionOpInterface next : scan.referenced)
      if (reached.insert(next))
        worklist.push_back(next);
  }
  return verifyNesting(op, method, reachedFunctions, innerDerivatives,
                       symbolTable);
}

FailureOr<FunctionOpInterface>
qgrad::gradient::lookupSweepCallee(Operation *op, FlatSymbolRefAttr callee,
                                   TypeRange args, TypeRange calleeOut,
                                   SymbolTableCollection &symbolTable) {
  FailureOr<FunctionOpInterface> function =
      lookupCallee(op, callee, symbolTable);
  if (failed(function))
    return failure();
  SmallVector<Type> operands(args);
  llvm::append_range(operands, calleeOut);
  if (failed(verifyTypeList(op, "callee operand", operands,
                            function->getArgumentTypes(),
                            "the callee's signature (arguments, then "
                            "callee_out buffers)")))
    return failure();
  return function;
}
