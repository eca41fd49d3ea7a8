//===- QNode.cpp - Functions that run a circuit ---------------------------===//

#include "qgrad/Dialect/Quantum/IR/QNode.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace qgrad::quantum;

namespace {
struct DiffMethodName {
  StringLiteral name;
  QNodeDiffMethod method;
};

// "auto" is the design documents' other name for "best".
constexpr DiffMethodName kDiffMethodNames[] = {
    {"parameter-shift", QNodeDiffMethod::ParameterShift},
    {"adjoint", QNodeDiffMethod::Adjoint},
    {"best", QNodeDiffMethod::Best},
    {"auto", QNodeDiffMethod::Best},
    {"finite-diff", QNodeDiffMethod::FiniteDiff},
};

/// Which quantum methods differentiate which measurements.
struct MeasurementRule {
  StringRef opName;
  bool byParameterShift;
  bool byAdjoint;
};

ArrayRef<MeasurementRule> getMeasurementRules() {
  static const MeasurementRule rules[] = {
      {ExpvalOp::getOperationName(), true, true},
      {ProbsOp::getOperationName(), true, false},
      {VarianceOp::getOperationName(), false, false},
      {StateOp::getOperationName(), false, false},
      {SampleOp::getOperationName(), false, false},
      {CountsOp::getOperationName(), false, false},
      {MeasureOp::getOperationName(), false, false},
  };
  return rules;
}

const MeasurementRule *lookupMeasurementRule(Operation *op) {
  StringRef name = op->getName().getStringRef();
  const auto *it = llvm::find_if(
      getMeasurementRules(), [&](auto &rule) { return rule.opName == name; });
  return it == getMeasurementRules().end() ? nullptr : it;
}

bool isAllowedBy(const MeasurementRule &rule, QNodeDiffMethod method) {
  return method == QNodeDiffMethod::Adjoint ? rule.byAdjoint
                                            : rule.byParameterShift;
}

std::string listAllowed(QNodeDiffMethod method) {
  std::string list;
  for (const MeasurementRule &rule : getMeasurementRules()) {
    if (!isAllowedBy(rule, method))
      continue;
    list += list.empty() ? "" : ", ";
    list += rule.opName.str();
  }
  return list;
}
} // namespace

bool qgrad::quantum::isQNode(Operation *func) {
  return func->hasAttr(kQNodeAttrName);
}

StringRef qgrad::quantum::stringifyDiffMethod(QNodeDiffMethod method) {
  return llvm::find_if(kDiffMethodNames,
                       [&](auto &entry) { return entry.method == method; })
      ->name;
}

FailureOr<QNodeDiffMethod> qgrad::quantum::getDiffMethod(Operation *qnode) {
  Attribute attr = qnode->getAttr(kDiffMethodAttrName);
  if (!attr)
    return QNodeDiffMethod::Best;
  auto name = dyn_cast<StringAttr>(attr);
  const auto *it =
      name ? llvm::find_if(kDiffMethodNames,
                           [&](auto &entry) { return entry.name == name; })
           : std::end(kDiffMethodNames);
  if (it == std::end(kDiffMethodNames))
    return qnode->emitOpError()
           << "has unknown diff_method " << attr
           << "; expected \"parameter-shift\", \"adjoint\", \"finite-diff\" "
              "or \"best\"";
  return it->method;
}

QNodeDiffMethod qgrad::quantum::resolveDiffMethod(Operation *qnode,
                                                  QNodeDiffMethod method) {
  if (method != QNodeDiffMethod::Best)
    return method;
  bool onlyExpvals = true;
  qnode->walk([&](Operation *op) {
    if (lookupMeasurementRule(op) && !isa<ExpvalOp>(op))
      onlyExpvals = false;
  });
  return onlyExpvals ? QNodeDiffMethod::Adjoint
                     : QNodeDiffMethod::ParameterShift;
}

LogicalResult
qgrad::quantum::verifyQNodeDifferentiable(Operation *qnode,
                                          Operation *requestedBy) {
  FailureOr<QNodeDiffMethod> declared = getDiffMethod(qnode);
  if (failed(declared))
    return failure();
  QNodeDiffMethod method = resolveDiffMethod(qnode, *declared);
  WalkResult result = qnode->walk([&](Operation *op) {
    const MeasurementRule *rule = lookupMeasurementRule(op);
    if (!rule || isAllowedBy(*rule, method))
      return WalkResult::advance();
    InFlightDiagnostic diag = op->emitOpError()
                              << "cannot be differentiated by "
                              << stringifyDiffMethod(method)
                              << ", which handles " << listAllowed(method);
    diag.attachNote(qnode->getLoc())
        << "in this qnode, whose diff_method resolves to "
        << stringifyDiffMethod(method);
    if (requestedBy)
      diag.attachNote(requestedBy->getLoc()) << "derivative requested here";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}
