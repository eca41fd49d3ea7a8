//===- HamiltonianTerms.cpp - Coefficients the AD engine sees -------------===//
//
// Q.terms and the contraction are clones of the qnode, so a measurement of
// one corresponds to a measurement of the other by its position in the
// qnode's body: both plan their measurements the same way
// (planMeasurements) before changing anything.
//
//===----------------------------------------------------------------------===//

#include "HamiltonianTerms.h"

#include "FunctionCopies.h"
#include "ObservableData.h"
#include "QNodeParts.h"

#include "qgrad/Dialect/Quantum/IR/QNode.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace qgrad::gradient::detail;
namespace quantum = qgrad::quantum;

namespace {

/// Measurements return classical values; quantum.measure is not one of them
/// here: its outcome is a branch or an angle, never an averaged value.
bool isMeasurement(Operation *op) {
  return isa<quantum::ExpvalOp, quantum::VarianceOp, quantum::ProbsOp,
             quantum::StateOp, quantum::SampleOp, quantum::CountsOp>(op);
}

/// The measurements of `fn`'s body whose values its classical code reads,
/// in order.
SmallVector<Operation *> getReadMeasurements(func::FuncOp fn) {
  SmallVector<Operation *> measurements;
  for (Operation &op : fn.front())
    if (isMeasurement(&op) && !op.use_empty())
      measurements.push_back(&op);
  return measurements;
}

/// The Hamiltonian `measurement` measures when it is an expectation value to
/// be measured term by term: one whose coefficients depend on an argument.
quantum::HamiltonianOp getTermwiseHamiltonian(func::FuncOp fn,
                                              Operation *measurement) {
  auto expval = dyn_cast<quantum::ExpvalOp>(measurement);
  if (!expval)
    return {};
  auto hamiltonian = expval.getObs().getDefiningOp<quantum::HamiltonianOp>();
  if (!hamiltonian ||
      traceDataSources(fn, hamiltonian.getCoeffs()).arguments.empty())
    return {};
  return hamiltonian;
}

/// Every measurement getReadMeasurements finds, with the Hamiltonian to
/// measure term by term in its place (null for the others); decided before
/// either clone changes, since replacing measurements changes what the
/// coefficients are traced to.
SmallVector<std::pair<Operation *, quantum::HamiltonianOp>>
planMeasurements(func::FuncOp fn) {
  SmallVector<std::pair<Operation *, quantum::HamiltonianOp>> plan;
  for (Operation *measurement : getReadMeasurements(fn))
    plan.emplace_back(measurement, getTermwiseHamiltonian(fn, measurement));
  return plan;
}

/// Coefficient `index` of a Hamiltonian (a tensor before bufferization, a
/// memref after).
Value loadCoefficient(OpBuilder &b, Location loc, Value coefficients,
                      int64_t index) {
  Value position = arith::ConstantIndexOp::create(b, loc, index);
  if (isa<RankedTensorType>(coefficients.getType()))
    return tensor::ExtractOp::create(b, loc, coefficients, position);
  return memref::LoadOp::create(b, loc, coefficients, position);
}

/// An error at `op`, a note at `explainedAt` (when given) saying `why`, and
/// the note where the derivative was requested.
void emitRefusal(Operation *op, const Twine &message, Operation *explainedAt,
                 const Twine &why, Location requestedAt) {
  InFlightDiagnostic diag = op->emitError(message);
  if (explainedAt)
    diag.attachNote(explainedAt->getLoc()) << why;
  diag.attachNote(requestedAt) << "derivative requested here";
}

} // namespace

FailureOr<bool> qgrad::gradient::detail::needsHamiltonianTerms(
    func::FuncOp qnode, ArrayRef<unsigned> positions, Location requestedAt) {
  std::string qnodeName = ("qnode @" + qnode.getSymName()).str();
  bool needed = false;
  WalkResult walk = qnode.walk([&](quantum::HamiltonianOp hamiltonian) {
    DataSources sources = traceDataSources(qnode, hamiltonian.getCoeffs());
    const unsigned *differentiated = llvm::find_if(
        positions, [&](unsigned p) { return sources.arguments.contains(p); });
    if (differentiated == positions.end())
      return WalkResult::advance();
    std::string dependence = "the coefficients of this Hamiltonian depend "
                             "on argument " +
                             std::to_string(*differentiated) + " of " +
                             qnodeName + ", which is differentiated";
    for (Operation *user : hamiltonian->getUsers()) {
      if (isa<quantum::ExpvalOp>(user) && user->getBlock() == &qnode.front())
        continue;
      emitRefusal(user,
                  "cannot differentiate this use of a Hamiltonian with "
                  "respect to its coefficients: only a quantum.expval of it "
                  "in the qnode's body can be",
                  hamiltonian, dependence, requestedAt);
      return WalkResult::interrupt();
    }
    needed = true;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (!needed)
    return false;

  // What the rewrite itself needs: every measured value it hands from
  // Q.terms to the contraction is read in the body, and every coefficient it
  // moves into the contraction is classical.
  for (Operation &op : qnode.front()) {
    WalkResult nested = op.walk([&](Operation *inner) {
      if (inner == &op || !isMeasurement(inner) || inner->use_empty())
        return WalkResult::advance();
      emitRefusal(inner,
                  "differentiating the Hamiltonian coefficients of " +
                      qnodeName +
                      " needs its measurements in the qnode's body, not "
                      "inside a region",
                  nullptr, "", requestedAt);
      return WalkResult::interrupt();
    });
    if (nested.wasInterrupted())
      return failure();
    quantum::HamiltonianOp hamiltonian = getTermwiseHamiltonian(qnode, &op);
    if (!hamiltonian)
      continue;
    DataSources sources = traceDataSources(qnode, hamiltonian.getCoeffs());
    if (!sources.quantumOp)
      continue;
    emitRefusal(hamiltonian,
                "the coefficients of this Hamiltonian depend on a quantum "
                "result; Hamiltonian coefficients are differentiated when "
                "classical code computes them from the qnode's arguments",
                sources.quantumOp, "computed from this operation", requestedAt);
    return failure();
  }
  return true;
}

FailureOr<func::FuncOp>
qgrad::gradient::detail::getOrCreateHamiltonianTerms(ModuleOp module,
                                                     func::FuncOp qnode) {
  std::string name = (qnode.getSymName() + ".terms").str();
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  func::FuncOp terms = clonePrivately(qnode, name);
  OpBuilder b(terms);

  SmallVector<Value> measured;
  for (auto [measurement, hamiltonian] : planMeasurements(terms)) {
    if (!hamiltonian) {
      llvm::append_range(measured, measurement->getResults());
      continue;
    }
    b.setInsertionPoint(measurement);
    for (Value term : hamiltonian.getTerms())
      measured.push_back(quantum::ExpvalOp::create(b, measurement->getLoc(),
                                                   b.getF64Type(), term));
  }
  auto returnOp = cast<func::ReturnOp>(terms.front().getTerminator());
  b.setInsertionPoint(returnOp);
  func::ReturnOp::create(b, returnOp.getLoc(), measured);
  returnOp.erase();
  terms.setFunctionType(b.getFunctionType(qnode.getArgumentTypes(),
                                          ValueRange(measured).getTypes()));
  // The classical code after the measurements, the whole Hamiltonians and
  // their coefficients are now unused: without them, Q.terms has no
  // coefficient left that depends on an argument.
  IRRewriter rewriter(b);
  (void)runRegionDCE(rewriter, terms.getBody());
  return terms;
}

FailureOr<func::FuncOp>
qgrad::gradient::detail::getOrCreateHamiltonianContraction(ModuleOp module,
                                                           func::FuncOp qnode,
                                                           func::FuncOp terms,
                                                           StringRef name) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  func::FuncOp fn = clonePrivately(qnode, name);
  OpBuilder b(fn);
  fn->removeAttr(quantum::kQNodeAttrName);
  fn->removeAttr(quantum::kDiffMethodAttrName);
  // Inlined before AD, like the surrogate it stands beside: tensor results
  // leaving a call would be memref descriptors returned by value, whose
  // pointers the engine gives no shadow.
  fn->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("alwaysinline")}));

  auto measurements = planMeasurements(fn);
  Block &entry = fn.front();
  b.setInsertionPointToStart(&entry);
  ValueRange measured =
      func::CallOp::create(b, fn.getLoc(), terms, entry.getArguments())
          .getResults();
  size_t next = 0;
  for (auto [measurement, hamiltonian] : measurements) {
    if (!hamiltonian) {
      for (Value result : measurement->getResults())
        result.replaceAllUsesWith(measured[next++]);
      continue;
    }
    // sum_i c_i <O_i>, in term order, as the runtime sums a Hamiltonian.
    Location loc = measurement->getLoc();
    b.setInsertionPoint(measurement);
    Value sum;
    for (int64_t i = 0, n = hamiltonian.getTerms().size(); i < n; ++i) {
      Value weighted = arith::MulFOp::create(
          b, loc, loadCoefficient(b, loc, hamiltonian.getCoeffs(), i),
          measured[next++]);
      sum = sum ? arith::AddFOp::create(b, loc, sum, weighted) : weighted;
    }
    measurement->getResult(0).replaceAllUsesWith(sum);
  }
  if (failed(removeQuantumOps(fn, qnode))) {
    fn.erase();
    return failure();
  }
  return fn;
}
