//===- BufferizableOpInterfaceImpl.cpp - Bufferizing quantum ops ----------===//
//
// Array-valued measurements allocate their result: the buffer form writes
// into a fresh identity-layout buffer, which the lowering hands to the
// runtime as a plain pointer. Matrices and coefficient vectors are only read;
// a strided view is copied into a contiguous buffer first, because the
// runtime reads them as dense row-major arrays.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Dialect/Quantum/Transforms/BufferizableOpInterfaceImpl.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace qgrad::quantum;

namespace {

/// A fresh identity-layout buffer for a tensor result; dynamic sizes come
/// from the op's i64 `shape` operands, in order.
FailureOr<Value> allocateResultBuffer(RewriterBase &rewriter, Location loc,
                                      TensorType type, ValueRange shape,
                                      const BufferizationOptions &options) {
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  SmallVector<Value> sizes;
  for (Value size : shape)
    sizes.push_back(arith::IndexCastOp::create(rewriter, loc,
                                               rewriter.getIndexType(), size));
  return options.createAlloc(rewriter, loc, memrefType, sizes);
}

/// The buffer of a tensor operand, copied into a contiguous identity-layout
/// buffer when it is a strided view.
FailureOr<Value> getContiguousBuffer(RewriterBase &rewriter, Value tensor,
                                     const BufferizationOptions &options,
                                     const BufferizationState &state) {
  FailureOr<Value> buffer = getBuffer(rewriter, tensor, options, state);
  if (failed(buffer))
    return failure();
  auto type = cast<MemRefType>(buffer->getType());
  if (type.getLayout().isIdentity())
    return buffer;
  Location loc = tensor.getLoc();
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(memref::DimOp::create(rewriter, loc, *buffer, dim));
  FailureOr<Value> copy = options.createAlloc(
      rewriter, loc,
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace()),
      sizes);
  if (failed(copy) ||
      failed(options.createMemCpy(rewriter, loc, *buffer, *copy)))
    return failure();
  return copy;
}

/// Shared analysis answers for ops whose tensor operands are only read and
/// whose tensor results are new allocations that alias nothing.
template <typename Model, typename OpTy>
struct QuantumBufferizableModel
    : public BufferizableOpInterface::ExternalModel<Model, OpTy> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  bool bufferizesToAllocation(Operation *, Value) const { return true; }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }
};

/// hermitian, hamiltonian and unitary: the tensor operand becomes a memref.
template <typename OpTy>
struct TensorReaderModel
    : public QuantumBufferizableModel<TensorReaderModel<OpTy>, OpTy> {
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<TensorType>(operand.get().getType()))
        continue;
      FailureOr<Value> buffer =
          getContiguousBuffer(rewriter, operand.get(), options, state);
      if (failed(buffer))
        return failure();
      rewriter.modifyOpInPlace(op, [&] { operand.set(*buffer); });
    }
    return success();
  }
};

/// probs, state, sample, counts: every tensor result becomes a fresh buffer
/// and the op is rebuilt in its `in(...)` form by `OpTy`'s `rebuild`.
template <typename OpTy>
struct ArrayMeasurementModel
    : public QuantumBufferizableModel<ArrayMeasurementModel<OpTy>, OpTy> {
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &) const {
    auto measurement = cast<OpTy>(op);
    rewriter.setInsertionPoint(op);
    // In the tensor form every operand after the observable is a `shape`.
    ValueRange shape = op->getOperands().drop_front();
    SmallVector<Value> buffers;
    for (Value result : op->getResults()) {
      auto type = cast<TensorType>(result.getType());
      FailureOr<Value> buffer = allocateResultBuffer(
          rewriter, op->getLoc(), type,
          shape.take_front(type.getNumDynamicDims()), options);
      if (failed(buffer))
        return failure();
      buffers.push_back(*buffer);
    }
    Operation *bufferForm = rebuild(rewriter, measurement, buffers);
    bufferForm->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    replaceOpWithBufferizedValues(rewriter, op, buffers);
    return success();
  }

  static Operation *rebuild(RewriterBase &rewriter, ProbsOp op,
                            ValueRange buffers) {
    return ProbsOp::create(rewriter, op.getLoc(), TypeRange(), op.getObs(),
                           Value(), buffers[0]);
  }
  static Operation *rebuild(RewriterBase &rewriter, StateOp op,
                            ValueRange buffers) {
    return StateOp::create(rewriter, op.getLoc(), TypeRange(), op.getObs(),
                           Value(), buffers[0]);
  }
  static Operation *rebuild(RewriterBase &rewriter, SampleOp op,
                            ValueRange buffers) {
    return SampleOp::create(rewriter, op.getLoc(), TypeRange(), op.getObs(),
                            ValueRange(), buffers[0]);
  }
  static Operation *rebuild(RewriterBase &rewriter, CountsOp op,
                            ValueRange buffers) {
    return CountsOp::create(rewriter, op.getLoc(), TypeRange(), op.getObs(),
                            Value(), buffers[0], buffers[1]);
  }
};

template <typename... OpTys>
void attachArrayMeasurementModels(MLIRContext &context) {
  (OpTys::template attachInterface<ArrayMeasurementModel<OpTys>>(context), ...);
}

} // namespace

void qgrad::quantum::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, QuantumDialect *) {
    HermitianOp::attachInterface<TensorReaderModel<HermitianOp>>(*context);
    HamiltonianOp::attachInterface<TensorReaderModel<HamiltonianOp>>(*context);
    QubitUnitaryOp::attachInterface<TensorReaderModel<QubitUnitaryOp>>(
        *context);
    attachArrayMeasurementModels<ProbsOp, StateOp, SampleOp, CountsOp>(
        *context);
  });
}
