//===- BackpropOp.cpp - Verifier of gradient.backprop ---------------------===//

#include "CalleeChecks.h"

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

using namespace mlir;
using namespace qgrad::gradient;

LogicalResult BackpropOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<FunctionOpInterface> callee =
      lookupSweepCallee(*this, getCalleeAttr(), getArgs().getTypes(),
                        getCalleeOut().getTypes(), symbolTable);
  if (failed(callee))
    return failure();

  if (failed(verifyDiffArgIndices(*this, getDiffArgIndicesAttr(),
                                  getArgs().size())))
    return failure();
  SmallVector<unsigned> positions = getDiffArgPositions();
  if (failed(verifyDiffArgsAreFloats(*this, *callee, positions)))
    return failure();

  // Each output, a callee_out buffer or else a callee result, has a seed; a
  // callee with both would leave its results unseeded.
  if (!getCalleeOut().empty() && callee->getNumResults() != 0)
    return emitOpError() << "has callee_out buffers, but @" << callee->getName()
                         << " also returns results, which no cotangent seeds";
  TypeRange outputs = getCalleeOut().empty()
                          ? TypeRange(callee->getResultTypes())
                          : TypeRange(getCalleeOut().getTypes());
  if (failed(verifyTypeList(*this, "cotangent", getCotangents().getTypes(),
                            outputs, "one seed per callee output",
                            haveSameShapeAndElementType)))
    return failure();

  // Adjoints of scalars and tensors are results; those of memrefs accumulate
  // into shadow buffers.
  SmallVector<Type> adjointResults, adjointShadows;
  for (unsigned position : positions) {
    Type type = getArgs()[position].getType();
    (isa<MemRefType>(type) ? adjointShadows : adjointResults).push_back(type);
  }
  if (failed(verifyTypeList(
          *this, "result", getResultTypes(), adjointResults,
          "one adjoint per differentiated scalar or tensor argument")))
    return failure();
  return verifyTypeList(*this, "grad_out buffer",
                        getDiffArgShadows().getTypes(), adjointShadows,
                        "one shadow per differentiated memref argument",
                        haveSameShapeAndElementType);
}

// The sweep runs the callee, which may read and write its memref arguments
// and writes its output buffers; adjoints are added into the grad_out
// shadows and the cotangent buffers are consumed. Declaring this lets
// bufferization's deallocation passes reason about the op's buffers.
void BackpropOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  auto addEffects = [&](MutableOperandRange operands, bool reads) {
    for (OpOperand &operand : operands) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      if (reads)
        effects.emplace_back(MemoryEffects::Read::get(), &operand);
      effects.emplace_back(MemoryEffects::Write::get(), &operand);
    }
  };
  addEffects(getArgsMutable(), /*reads=*/true);
  addEffects(getDiffArgShadowsMutable(), /*reads=*/true);
  addEffects(getCalleeOutMutable(), /*reads=*/false);
  addEffects(getCotangentsMutable(), /*reads=*/true);
}
