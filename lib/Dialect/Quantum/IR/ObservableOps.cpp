//===- ObservableOps.cpp - Verifiers of observables -----------------------===//

#include "VerifyShapes.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"
#include "qgrad/Dialect/Quantum/IR/Wires.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace qgrad::quantum;

static std::optional<int64_t> sumOfObservedWires(ValueRange terms) {
  int64_t total = 0;
  for (Value term : terms) {
    std::optional<int64_t> wires = getNumObservedWires(term);
    if (!wires)
      return std::nullopt;
    total += *wires;
  }
  return total;
}

std::optional<int64_t> qgrad::quantum::getNumObservedWires(Value obs) {
  Operation *def = obs.getDefiningOp();
  if (!def)
    return std::nullopt;
  return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(def)
      .Case([](NamedObsOp) { return 1; })
      .Case([](HermitianOp op) { return op.getQubits().size(); })
      .Case([](TensorOp op) { return sumOfObservedWires(op.getTerms()); })
      .Case([](ComputationalBasisOp op) -> std::optional<int64_t> {
        if (Value qreg = op.getQreg())
          return getStaticRegisterSize(qreg);
        if (op.getQubits().empty())
          return std::nullopt;
        return op.getQubits().size();
      })
      .Default([](Operation *) { return std::nullopt; });
}

LogicalResult HermitianOp::verify() {
  if (getQubits().empty())
    return emitOpError("needs at least one qubit");
  return verifyMatrixFitsQubits(*this, getMatrix().getType(),
                                getQubits().size());
}

/// Observables that combine others must be built from observables, not from
/// the computational-basis pseudo-observable.
static LogicalResult verifyTermsAreObservables(Operation *op,
                                               ValueRange terms) {
  if (terms.empty())
    return op->emitOpError("needs at least one term");
  for (auto [i, term] : llvm::enumerate(terms))
    if (term.getDefiningOp<ComputationalBasisOp>())
      return op->emitOpError()
             << "term " << i
             << " is a computational basis, which is not an observable";
  return success();
}

LogicalResult TensorOp::verify() {
  return verifyTermsAreObservables(*this, getTerms());
}

LogicalResult HamiltonianOp::verify() {
  if (failed(verifyTermsAreObservables(*this, getTerms())))
    return failure();
  auto coeffs = cast<ShapedType>(getCoeffs().getType());
  int64_t numCoeffs = coeffs.getDimSize(0);
  if (!ShapedType::isDynamic(numCoeffs) &&
      numCoeffs != static_cast<int64_t>(getTerms().size()))
    return emitOpError() << "has " << numCoeffs << " coefficient(s) for "
                         << getTerms().size() << " term(s)";
  return success();
}

LogicalResult ComputationalBasisOp::verify() {
  if (!getQubits().empty() && getQreg())
    return emitOpError("takes either qubits or a register, not both");
  return success();
}
