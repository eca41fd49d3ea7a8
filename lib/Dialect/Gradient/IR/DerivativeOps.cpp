//===- DerivativeOps.cpp - Verifiers of grad, value_and_grad, jvp, vjp ----===//

#include "CalleeChecks.h"

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>

using namespace mlir;
using namespace qgrad::gradient;

static constexpr StringLiteral kMethods[] = {"auto", "fd"};

static LogicalResult verifyMethodAndStep(Operation *op, StringRef method,
                                         FloatAttr step) {
  if (!llvm::is_contained(kMethods, method))
    return op->emitOpError() << "has unknown differentiation method \""
                             << method << "\"; expected \"auto\" or \"fd\"";
  if (!step)
    return success();
  if (method != "fd")
    return op->emitOpError(
        "has finiteDiffParam, the step of method \"fd\", with method \"auto\"");
  double h = step.getValueAsDouble();
  if (!std::isfinite(h) || h <= 0)
    return op->emitOpError("needs a positive finite finiteDiffParam");
  return success();
}

LogicalResult qgrad::gradient::verifyDerivativeAttrs(Operation *op) {
  auto derivative = cast<DerivativeOpInterface>(op);
  if (failed(verifyMethodAndStep(op, derivative.getMethod(),
                                 derivative.getFiniteDiffParamAttr())))
    return failure();
  return verifyDiffArgIndices(op, derivative.getDiffArgIndicesAttr(),
                              derivative.getCallArgs().size());
}

/// Whether a recent earlier op of the same block differentiates the same
/// function by the same method, and so has already inspected everything it
/// reaches. Keeps many derivatives of one large circuit from walking it many
/// times; the look-back is bounded so that the search stays linear.
static bool isReachCheckedEarlier(DerivativeOpInterface op) {
  constexpr unsigned kLookBack = 256;
  unsigned steps = 0;
  for (Operation *prev = op->getPrevNode(); prev && steps++ < kLookBack;
       prev = prev->getPrevNode()) {
    auto other = dyn_cast<DerivativeOpInterface>(prev);
    if (other && other.getCalleeAttr() == op.getCalleeAttr() &&
        other.getMethod() == op.getMethod())
      return true;
  }
  return false;
}

/// The checks every derivative op makes of its callee; returns the callee.
static FailureOr<FunctionOpInterface>
verifyDerivativeCall(DerivativeOpInterface op,
                     SymbolTableCollection &symbolTable) {
  FailureOr<FunctionOpInterface> callee =
      lookupCallee(op, op.getCalleeAttr(), symbolTable);
  if (failed(callee) ||
      failed(verifyTypeList(op, "argument", op.getCallArgs().getTypes(),
                            callee->getArgumentTypes(),
                            "the callee's signature")) ||
      failed(verifyDiffArgsAreFloats(op, *callee, op.getDiffArgPositions())) ||
      failed(verifyResultsAreFloats(op, *callee)))
    return failure();
  if (!isReachCheckedEarlier(op) &&
      failed(
          verifyReachableFunctions(op, *callee, op.getMethod(), symbolTable)))
    return failure();
  return callee;
}

static SmallVector<Type> getDiffArgTypes(FunctionOpInterface callee,
                                         ArrayRef<unsigned> positions) {
  return llvm::map_to_vector(positions, [&](unsigned position) {
    return callee.getArgumentTypes()[position];
  });
}

/// One Jacobian per (callee result, differentiated argument), result major.
static SmallVector<Type> getJacobianTypes(FunctionOpInterface callee,
                                          ArrayRef<unsigned> positions) {
  SmallVector<Type> jacobians;
  for (Type result : callee.getResultTypes())
    for (Type arg : getDiffArgTypes(callee, positions))
      jacobians.push_back(getJacobianType(result, arg));
  return jacobians;
}

static SmallVector<Type> concat(TypeRange front, TypeRange back) {
  SmallVector<Type> types(front);
  llvm::append_range(types, back);
  return types;
}

LogicalResult GradOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<FunctionOpInterface> callee =
      verifyDerivativeCall(*this, symbolTable);
  if (failed(callee))
    return failure();
  return verifyTypeList(
      *this, "result", getResultTypes(),
      getJacobianTypes(*callee, getDiffArgPositions()),
      "one Jacobian per (callee result, differentiated argument)");
}

LogicalResult HessianOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<FunctionOpInterface> callee =
      verifyDerivativeCall(*this, symbolTable);
  if (failed(callee))
    return failure();
  ArrayRef<Type> results = callee->getResultTypes();
  if (results.size() != 1 || !results.front().isF64())
    return emitOpError() << "needs a callee returning one f64, but @"
                         << callee->getName() << " has type "
                         << callee->getFunctionType();
  SmallVector<Type> args = getDiffArgTypes(*callee, getDiffArgPositions());
  SmallVector<Type> blocks;
  for (Type row : args)
    for (Type column : args)
      blocks.push_back(getJacobianType(row, column));
  return verifyTypeList(*this, "result", getResultTypes(), blocks,
                        "one block per pair of differentiated arguments, "
                        "the first one major");
}

LogicalResult
ValueAndGradOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<FunctionOpInterface> callee =
      verifyDerivativeCall(*this, symbolTable);
  if (failed(callee))
    return failure();
  return verifyTypeList(
      *this, "result", getResultTypes(),
      concat(callee->getResultTypes(),
             getJacobianTypes(*callee, getDiffArgPositions())),
      "the callee's results followed by one Jacobian per (callee result, "
      "differentiated argument)");
}

namespace {
/// What a product (jvp or vjp) is seeded with and what it yields besides the
/// callee's results.
struct ProductSignature {
  StringRef seedName;
  ValueRange seeds;
  SmallVector<Type> expectedSeeds;
  StringRef seedReason;
  SmallVector<Type> expectedProducts;
  StringRef resultReason;
};
} // namespace

template <typename OpT>
static LogicalResult
verifyProduct(OpT op, SymbolTableCollection &symbolTable,
              function_ref<ProductSignature(FunctionOpInterface)> describe) {
  FailureOr<FunctionOpInterface> callee = verifyDerivativeCall(op, symbolTable);
  if (failed(callee))
    return failure();
  ProductSignature signature = describe(*callee);
  if (failed(verifyTypeList(op, signature.seedName, signature.seeds.getTypes(),
                            signature.expectedSeeds, signature.seedReason)))
    return failure();
  return verifyTypeList(
      op, "result", op->getResultTypes(),
      concat(callee->getResultTypes(), signature.expectedProducts),
      signature.resultReason);
}

LogicalResult JVPOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyProduct(*this, symbolTable, [&](FunctionOpInterface callee) {
    return ProductSignature{
        "tangent",
        getTangents(),
        getDiffArgTypes(callee, getDiffArgPositions()),
        "one tangent per differentiated argument",
        SmallVector<Type>(callee.getResultTypes()),
        "the callee's results followed by one directional derivative per "
        "callee result"};
  });
}

LogicalResult VJPOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  return verifyProduct(*this, symbolTable, [&](FunctionOpInterface callee) {
    return ProductSignature{
        "cotangent",
        getCotangents(),
        SmallVector<Type>(callee.getResultTypes()),
        "one cotangent per callee result",
        getDiffArgTypes(callee, getDiffArgPositions()),
        "the callee's results followed by one product per differentiated "
        "argument"};
  });
}
