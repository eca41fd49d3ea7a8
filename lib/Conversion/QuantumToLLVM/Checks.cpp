//===- Checks.cpp - What the quantum lowering does not support ------------===//
//
// Checked on the intact IR so that every refusal is one located error, and
// the patterns can assume well-formed buffers and bases.
//
//===----------------------------------------------------------------------===//

#include "RuntimeBuilder.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace qgrad::quantum;

namespace {

/// A matrix, coefficient vector or measurement buffer must be a memref with
/// the identity layout: the runtime reads and writes dense row-major arrays.
LogicalResult checkBuffer(Operation *op, Value value) {
  if (!value || isa<TensorType>(value.getType()))
    return op->emitOpError()
           << "still has tensor semantics; run one-shot bufferization before "
              "convert-quantum-to-llvm";
  auto type = cast<MemRefType>(value.getType());
  if (!type.getLayout().isIdentity())
    return op->emitOpError()
           << "needs a contiguous buffer with the identity layout, got "
           << type;
  return success();
}

LogicalResult checkBuffers(Operation *op, ValueRange values) {
  for (Value value : values)
    if (failed(checkBuffer(op, value)))
      return failure();
  return success();
}

/// Array measurements read the wires of a computational basis defined in
/// the same function; the runtime samples nothing else.
LogicalResult checkLocalBasis(Operation *op, Value obs) {
  if (obs.getDefiningOp<ComputationalBasisOp>())
    return success();
  return op->emitOpError()
         << "can only be lowered on a quantum.compbasis defined in the same "
            "function (the runtime samples and reports probabilities in the "
            "computational basis only)";
}

LogicalResult checkPostselect(MeasureOp op) {
  Attribute attr = op->getAttr("postselect");
  if (!attr)
    return success();
  auto value = dyn_cast<IntegerAttr>(attr);
  if (value && (value.getInt() == 0 || value.getInt() == 1))
    return success();
  return op.emitOpError() << "postselect must be the integer 0 or 1, got "
                          << attr;
}

LogicalResult checkOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([](ProbsOp p) {
        return failure(failed(checkBuffer(p, p.getStateIn())) ||
                       failed(checkLocalBasis(p, p.getObs())));
      })
      .Case([](StateOp s) {
        return failure(failed(checkBuffer(s, s.getStateIn())) ||
                       failed(checkLocalBasis(s, s.getObs())));
      })
      .Case([](SampleOp s) {
        return failure(failed(checkBuffer(s, s.getInData())) ||
                       failed(checkLocalBasis(s, s.getObs())));
      })
      .Case([](CountsOp c) {
        return failure(
            failed(checkBuffers(c, {c.getInEigvals(), c.getInCounts()})) ||
            failed(checkLocalBasis(c, c.getObs())));
      })
      .Case([](HermitianOp h) { return checkBuffer(h, h.getMatrix()); })
      .Case([](HamiltonianOp h) { return checkBuffer(h, h.getCoeffs()); })
      .Case([](QubitUnitaryOp u) { return checkBuffer(u, u.getMatrix()); })
      .Case([](MeasureOp m) { return checkPostselect(m); })
      .Default([](Operation *) { return success(); });
}

} // namespace

LogicalResult qgrad::quantum::lowering::checkLowerable(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!isa<QuantumDialect>(op->getDialect()))
      return;
    if (!op->getParentOfType<func::FuncOp>()) {
      op->emitOpError() << "must be inside a func.func to be lowered";
      ok = false;
      return;
    }
    ok &= succeeded(checkOp(op));
  });
  return success(ok);
}
