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

/// Which functions allocate qubits, directly or through calls.
class AllocatingFunctions {
public:
  explicit AllocatingFunctions(ModuleOp module) : symbols(module) {}

  bool allocates(func::FuncOp func) {
    auto [it, inserted] = memo.try_emplace(func, false);
    if (!inserted)
      return it->second; // Known, or on the current call chain (recursion).
    bool result = func->walk([&](Operation *op) {
                        auto call = dyn_cast<func::CallOp>(op);
                        bool allocating =
                            isa<AllocOp>(op) || (call && calleeAllocates(call));
                        return allocating ? WalkResult::interrupt()
                                          : WalkResult::advance();
                      })
                      .wasInterrupted();
    memo[func] = result;
    return result;
  }

  bool calleeAllocates(func::CallOp call) {
    auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
    return callee && allocates(callee);
  }

private:
  SymbolTable symbols;
  llvm::DenseMap<Operation *, bool> memo;
};

/// The runtime simulates one register per context (qgrad_rt_allocate
/// replaces the state), so a second allocation while a register is alive
/// would silently clobber it. Ops are visited in program order; a register
/// counts as alive from its alloc to a dealloc.
LogicalResult checkOneRegisterAtATime(func::FuncOp func,
                                      AllocatingFunctions &allocating) {
  Operation *aliveAlloc = nullptr;
  int alive = 0;
  WalkResult result = func->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto call = dyn_cast<func::CallOp>(op);
    if (alive > 0 &&
        (isa<AllocOp>(op) || (call && allocating.calleeAllocates(call)))) {
      InFlightDiagnostic diag =
          op->emitOpError()
          << (call ? "calls a function that allocates qubits" : "allocates")
          << " while another register is alive; the runtime simulates one "
             "register at a time";
      diag.attachNote(aliveAlloc->getLoc()) << "the live register";
      return WalkResult::interrupt();
    }
    if (isa<AllocOp>(op)) {
      aliveAlloc = op;
      ++alive;
    } else if (isa<DeallocOp>(op) && alive > 0) {
      --alive;
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

} // namespace

LogicalResult qgrad::quantum::lowering::checkLowerable(ModuleOp module) {
  bool ok = true;
  AllocatingFunctions allocating(module);
  module.walk([&](func::FuncOp func) {
    ok &= succeeded(checkOneRegisterAtATime(func, allocating));
  });
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
