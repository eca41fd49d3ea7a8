//===- MeasurementOps.cpp - Verifiers of measurements ---------------------===//

#include "VerifyLinearity.h"
#include "VerifyShapes.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"
#include "qgrad/Dialect/Quantum/IR/Wires.h"

using namespace mlir;
using namespace qgrad::quantum;

static bool isComputationalBasis(Value obs) {
  return static_cast<bool>(obs.getDefiningOp<ComputationalBasisOp>());
}

/// Expectation values and variances need a true observable.
static LogicalResult verifyNotComputationalBasis(Operation *op, Value obs) {
  if (isComputationalBasis(obs))
    return op->emitOpError(
        "needs an observable; a computational basis has no eigenvalues to "
        "average (use quantum.probs)");
  return success();
}

/// Probabilities and amplitudes are indexed by basis states. An observable
/// that arrives as a block argument is accepted; its kind is unknown here.
static LogicalResult verifyComputationalBasis(Operation *op, Value obs) {
  Operation *def = obs.getDefiningOp();
  if (def && !isa<ComputationalBasisOp>(def))
    return op->emitOpError(
        "reads basis states: its observable must be a quantum.compbasis");
  return success();
}

static Type typeOrNull(Value value) { return value ? value.getType() : Type(); }

LogicalResult ExpvalOp::verify() {
  return verifyNotComputationalBasis(*this, getObs());
}

LogicalResult VarianceOp::verify() {
  return verifyNotComputationalBasis(*this, getObs());
}

LogicalResult ProbsOp::verify() {
  if (failed(verifyComputationalBasis(*this, getObs())))
    return failure();
  return verifyArrayMeasurement(
      *this, typeOrNull(getProbabilities()), typeOrNull(getStateIn()),
      getDynamicShape() ? 1 : 0, {pow2(getNumObservedWires(getObs()))});
}

LogicalResult StateOp::verify() {
  if (failed(verifyComputationalBasis(*this, getObs())))
    return failure();
  return verifyArrayMeasurement(
      *this, typeOrNull(getState()), typeOrNull(getStateIn()),
      getDynamicShape() ? 1 : 0, {pow2(getNumObservedWires(getObs()))});
}

LogicalResult SampleOp::verify() {
  // Shots come from the device, so only the wire dimension is checkable.
  SmallVector<std::optional<int64_t>, 2> expected = {std::nullopt};
  if (isComputationalBasis(getObs()))
    expected.push_back(getNumObservedWires(getObs()));
  return verifyArrayMeasurement(*this, typeOrNull(getSamples()),
                                typeOrNull(getInData()),
                                getDynamicShape().size(), expected);
}

LogicalResult CountsOp::verify() {
  std::optional<int64_t> outcomes;
  if (isComputationalBasis(getObs()))
    outcomes = pow2(getNumObservedWires(getObs()));
  else if (getObs().getDefiningOp<NamedObsOp>())
    outcomes = 2;
  size_t numShape = getDynamicShape() ? 1 : 0;
  if (failed(verifyArrayMeasurement(*this, typeOrNull(getEigvals()),
                                    typeOrNull(getInEigvals()), numShape,
                                    {outcomes})))
    return failure();
  return verifyArrayMeasurement(*this, typeOrNull(getCounts()),
                                typeOrNull(getInCounts()), numShape,
                                {outcomes});
}

LogicalResult MeasureOp::verify() {
  return verifyConsumedOnce(*this, getInQubit());
}
