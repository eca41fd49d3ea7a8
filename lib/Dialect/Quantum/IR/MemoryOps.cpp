//===- MemoryOps.cpp - Verifiers of alloc, extract and insert -------------===//

#include "VerifyLinearity.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"
#include "qgrad/Dialect/Quantum/IR/Wires.h"

using namespace mlir;
using namespace qgrad::quantum;

std::optional<int64_t> qgrad::quantum::getStaticRegisterSize(Value qreg) {
  while (auto insert = qreg.getDefiningOp<InsertOp>())
    qreg = insert.getInQreg();
  if (auto alloc = qreg.getDefiningOp<AllocOp>())
    if (std::optional<uint64_t> size = alloc.getNqubitsAttr())
      return static_cast<int64_t>(*size);
  return std::nullopt;
}

/// A count or index is given either as an operand or as a constant, never
/// both and never neither.
static LogicalResult verifyOperandOrConstant(Operation *op, Value operand,
                                             Attribute constant,
                                             StringRef what) {
  if (static_cast<bool>(operand) == static_cast<bool>(constant))
    return op->emitOpError()
           << "needs " << what << " given either as a value or as a constant";
  return success();
}

/// A constant index must lie inside the register. The register's size is
/// known at its allocation, so the allocation checks every index used along
/// the chain of inserts it starts: once per register rather than once per
/// index, which would walk the chain back each time.
static LogicalResult verifyIndicesInRange(AllocOp alloc, int64_t size) {
  SmallVector<Value> registers = {alloc.getQreg()};
  while (!registers.empty()) {
    Value reg = registers.pop_back_val();
    for (Operation *user : reg.getUsers()) {
      std::optional<uint64_t> index;
      if (auto extract = dyn_cast<ExtractOp>(user)) {
        index = extract.getIdxAttr();
      } else if (auto insert = dyn_cast<InsertOp>(user)) {
        index = insert.getIdxAttr();
        registers.push_back(insert.getOutQreg());
      }
      if (index && static_cast<int64_t>(*index) >= size)
        return user->emitOpError()
               << "qubit index " << *index
               << " is out of range for a register of " << size << " qubit(s)";
    }
  }
  return success();
}

LogicalResult AllocOp::verify() {
  if (failed(verifyOperandOrConstant(*this, getNqubits(), getNqubitsAttrAttr(),
                                     "a qubit count")))
    return failure();
  std::optional<uint64_t> size = getNqubitsAttr();
  return size ? verifyIndicesInRange(*this, static_cast<int64_t>(*size))
              : success();
}

LogicalResult ExtractOp::verify() {
  return verifyOperandOrConstant(*this, getIdx(), getIdxAttrAttr(), "an index");
}

LogicalResult InsertOp::verify() {
  if (failed(verifyOperandOrConstant(*this, getIdx(), getIdxAttrAttr(),
                                     "an index")))
    return failure();
  return verifyConsumedOnce(*this, getQubit());
}
