//===- ObservableData.cpp - Sources of a qnode's classical data -----------===//

#include "ObservableData.h"

#include "qgrad/Dialect/Quantum/IR/QuantumDialect.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

using namespace mlir;
using namespace qgrad::gradient::detail;
namespace quantum = qgrad::quantum;

DataSources qgrad::gradient::detail::traceDataSources(func::FuncOp fn,
                                                      Value value) {
  DataSources sources;
  SmallVector<Value> worklist{value};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (!seen.insert(current).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(current)) {
      if (arg.getOwner() == &fn.front()) {
        sources.arguments.insert(arg.getArgNumber());
        continue;
      }
      Operation *parent = arg.getOwner()->getParentOp();
      if (parent && parent != fn.getOperation())
        llvm::append_range(worklist, parent->getOperands());
      continue;
    }
    Operation *def = current.getDefiningOp();
    if (!sources.quantumOp && isa<quantum::QuantumDialect>(def->getDialect()))
      sources.quantumOp = def;
    llvm::append_range(worklist, def->getOperands());
    for (Operation *parent = def->getParentOp();
         parent && parent != fn.getOperation(); parent = parent->getParentOp())
      llvm::append_range(worklist, parent->getOperands());
  }
  return sources;
}

LogicalResult qgrad::gradient::detail::checkNoMatrixDepends(
    func::FuncOp qnode, ArrayRef<unsigned> positions, Location requestedAt) {
  LogicalResult result = success();
  qnode.walk([&](Operation *op) {
    Value data;
    StringRef what;
    if (auto hermitian = dyn_cast<quantum::HermitianOp>(op)) {
      data = hermitian.getMatrix();
      what = "the matrix of this Hermitian observable depends";
    } else if (auto unitary = dyn_cast<quantum::QubitUnitaryOp>(op)) {
      data = unitary.getMatrix();
      what = "the matrix of this QubitUnitary depends";
    } else {
      return WalkResult::advance();
    }
    DataSources sources = traceDataSources(qnode, data);
    for (unsigned position : positions) {
      if (!sources.arguments.contains(position))
        continue;
      InFlightDiagnostic diag = op->emitError()
                                << what << " on argument " << position
                                << " of qnode @" << qnode.getSymName()
                                << ", which is differentiated; qnodes are "
                                   "differentiated through gate angles and "
                                   "Hamiltonian coefficients only";
      diag.attachNote(requestedAt) << "derivative requested here";
      result = failure();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result;
}
