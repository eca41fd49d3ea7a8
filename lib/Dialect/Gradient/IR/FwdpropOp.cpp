//===- FwdpropOp.cpp - Verifier of gradient.fwdprop -----------------------===//

#include "CalleeChecks.h"

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

using namespace mlir;
using namespace qgrad::gradient;

LogicalResult FwdpropOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<FunctionOpInterface> callee =
      lookupSweepCallee(*this, getCalleeAttr(), getArgs().getTypes(),
                        getCalleeOut().getTypes(), symbolTable);
  if (failed(callee))
    return failure();
  // The engine returns no tangent of a result: every output is a buffer.
  if (callee->getNumResults() != 0)
    return emitOpError() << "@" << callee->getName()
                         << " returns results; forward mode writes outputs "
                            "and their tangents to callee_out buffers";

  if (failed(verifyDiffArgIndices(*this, getDiffArgIndicesAttr(),
                                  getArgs().size())))
    return failure();
  SmallVector<unsigned> positions = getDiffArgPositions();
  if (failed(verifyDiffArgsAreFloats(*this, *callee, positions)))
    return failure();

  SmallVector<Type> differentiated;
  for (unsigned position : positions)
    differentiated.push_back(getArgs()[position].getType());
  if (failed(verifyTypeList(*this, "tangent", getTangents().getTypes(),
                            differentiated,
                            "one tangent per differentiated argument, of its "
                            "type",
                            haveSameShapeAndElementType)))
    return failure();
  return verifyTypeList(*this, "out_tangents buffer",
                        getOutTangents().getTypes(), getCalleeOut().getTypes(),
                        "one tangent buffer per callee_out buffer",
                        haveSameShapeAndElementType);
}

// The sweep runs the callee, which may read and write its memref arguments
// and writes its output buffers and their tangents; it reads the tangents.
void FwdpropOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  auto addEffects = [&](MutableOperandRange operands, bool reads, bool writes) {
    for (OpOperand &operand : operands) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      if (reads)
        effects.emplace_back(MemoryEffects::Read::get(), &operand);
      if (writes)
        effects.emplace_back(MemoryEffects::Write::get(), &operand);
    }
  };
  addEffects(getArgsMutable(), /*reads=*/true, /*writes=*/true);
  addEffects(getTangentsMutable(), /*reads=*/true, /*writes=*/false);
  addEffects(getCalleeOutMutable(), /*reads=*/false, /*writes=*/true);
  addEffects(getOutTangentsMutable(), /*reads=*/false, /*writes=*/true);
}
