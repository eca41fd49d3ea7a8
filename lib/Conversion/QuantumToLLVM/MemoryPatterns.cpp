//===- MemoryPatterns.cpp - Registers, qubits and devices -----------------===//
//
// The runtime holds one state vector per context, so a register is the
// range of wires from its base: every register comes from the one
// qgrad_rt_allocate and starts at wire 0, and a qubit is its wire index.
// Extract and insert are then address arithmetic and bookkeeping.
//
//===----------------------------------------------------------------------===//

#include "RuntimeBuilder.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace qgrad::quantum;
using namespace qgrad::quantum::lowering;

namespace {

/// The index of extract/insert (or the size of alloc): the value operand
/// when there is one, else the constant attribute.
Value valueOrConstant(RuntimeBuilder &b, Value value,
                      std::optional<uint64_t> constant) {
  return value ? value : b.i64(static_cast<int64_t>(constant.value_or(0)));
}

struct AllocLowering : RuntimePattern<AllocOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, state);
    b.call(RuntimeFunction::Allocate,
           valueOrConstant(b, adaptor.getNqubits(), op.getNqubitsAttr()));
    rewriter.replaceOp(op, b.i64(0));
    return success();
  }
};

/// Releases the observables built on the register and shrinks the state to
/// no qubits, so a long-lived process does not keep a large state alive.
struct DeallocLowering : RuntimePattern<DeallocOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(DeallocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, state);
    b.call(RuntimeFunction::ObsClear, {});
    b.call(RuntimeFunction::Allocate, b.i64(0));
    rewriter.eraseOp(op);
    return success();
  }
};

struct ExtractLowering : RuntimePattern<ExtractOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(ExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, state);
    Value index = valueOrConstant(b, adaptor.getIdx(), op.getIdxAttr());
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, adaptor.getQreg(), index);
    return success();
  }
};

/// The qubit already is the wire at that index of the register.
struct InsertLowering : RuntimePattern<InsertOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(InsertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getInQreg());
    return success();
  }
};

/// The runtime has one simulator for the process: the device ops and the
/// runtime's lifecycle lower to nothing (the shots of quantum.device are
/// read by sample and counts).
template <typename OpT> struct ErasedLowering : RuntimePattern<OpT> {
  using RuntimePattern<OpT>::RuntimePattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void qgrad::quantum::lowering::populateMemoryPatterns(
    const TypeConverter &converter, const LoweringState &state,
    RewritePatternSet &patterns) {
  patterns.add<AllocLowering, DeallocLowering, ExtractLowering, InsertLowering,
               ErasedLowering<DeviceOp>, ErasedLowering<DeviceReleaseOp>,
               ErasedLowering<InitOp>, ErasedLowering<FinalizeOp>>(
      converter, patterns.getContext(), state);
}
