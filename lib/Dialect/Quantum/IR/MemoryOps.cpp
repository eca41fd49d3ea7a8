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

/// A constant index must lie inside the register when its size is known.
static LogicalResult verifyIndexInRange(Operation *op, Value qreg,
                                        std::optional<uint64_t> index) {
  std::optional<int64_t> size = getStaticRegisterSize(qreg);
  if (!index || !size || static_cast<int64_t>(*index) < *size)
    return success();
  return op->emitOpError() << "qubit index " << *index
                           << " is out of range for a register of " << *size
                           << " qubit(s)";
}

LogicalResult AllocOp::verify() {
  return verifyOperandOrConstant(*this, getNqubits(), getNqubitsAttrAttr(),
                                 "a qubit count");
}

LogicalResult ExtractOp::verify() {
  if (failed(verifyOperandOrConstant(*this, getIdx(), getIdxAttrAttr(),
                                     "an index")))
    return failure();
  return verifyIndexInRange(*this, getQreg(), getIdxAttr());
}

LogicalResult InsertOp::verify() {
  if (failed(verifyOperandOrConstant(*this, getIdx(), getIdxAttrAttr(),
                                     "an index")) ||
      failed(verifyIndexInRange(*this, getInQreg(), getIdxAttr())))
    return failure();
  return verifyConsumedOnce(*this, getQubit());
}
