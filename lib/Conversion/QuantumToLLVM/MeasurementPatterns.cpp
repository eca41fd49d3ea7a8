//===- MeasurementPatterns.cpp - Measurements to runtime calls ------------===//
//
// expval and var return the runtime's double. probs, state, sample and
// counts write into the op's buffer through its aligned pointer after a
// size check (a wrong size hands the runtime a null pointer, which it
// reports, instead of letting it write past the buffer). The runtime samples
// integer bits; sample converts them to the f64 the dialect returns.
// measure returns the outcome as i1 and the same wire.
//
//===----------------------------------------------------------------------===//

#include "RuntimeBuilder.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace qgrad::quantum;
using namespace qgrad::quantum::lowering;

namespace {

/// The wires a computational basis reads: a stack array and its length, or
/// a null array (all wires) and the number of allocated qubits.
struct ObservedWires {
  Value array;
  Value count;
};

FailureOr<ObservedWires> getObservedWires(RuntimeBuilder &b, Value basisValue) {
  auto basis = basisValue.getDefiningOp<ComputationalBasisOp>();
  if (basis.getQreg())
    return ObservedWires{b.nullPointer(),
                         b.call(RuntimeFunction::NumQubits, {})};
  ConversionPatternRewriter &rewriter = b.getRewriter();
  SmallVector<Value> wires;
  if (failed(rewriter.getRemappedValues(basis.getQubits(), wires)))
    return failure();
  return ObservedWires{b.stackArray(rewriter.getI64Type(), wires),
                       b.i64(static_cast<int64_t>(wires.size()))};
}

/// The generator seed of sample and counts: the op's `seed` attribute, or 0.
int64_t getSeed(Operation *op) {
  auto seed = op->getAttrOfType<IntegerAttr>("seed");
  return seed ? seed.getInt() : 0;
}

/// A measurement over a computational basis (probs, sample, counts): the
/// wires are resolved once here, `lower` emits the runtime call, and the op
/// (whose results are its destination buffers) is erased.
template <typename OpTy> struct ObservedPattern : RuntimePattern<OpTy> {
  using RuntimePattern<OpTy>::RuntimePattern;
  using Adaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    RuntimeBuilder b(rewriter, op, this->state);
    FailureOr<ObservedWires> wires = getObservedWires(b, op.getObs());
    if (failed(wires))
      return rewriter.notifyMatchFailure(op, "unconverted basis qubits");
    lower(op, adaptor, b, *wires);
    rewriter.eraseOp(op);
    return success();
  }

  virtual void lower(OpTy op, Adaptor adaptor, RuntimeBuilder &b,
                     const ObservedWires &wires) const = 0;
};

/// Stores valueAt(i) (an integer) as f64 at `data[i]` for i in [0, size),
/// in an scf.for. Going through the data pointer keeps the emitted IR free
/// of view ops that would need lowering passes the pipeline runs earlier.
template <typename ValueAt>
void fillFloats(RuntimeBuilder &b, Value data, Value size, ValueAt valueAt) {
  ConversionPatternRewriter &rewriter = b.getRewriter();
  Location loc = b.getLoc();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  scf::ForOp::create(
      rewriter, loc, zero, size, one, ValueRange(),
      [&](OpBuilder &body, Location bodyLoc, Value index, ValueRange) {
        Value asFloat = arith::SIToFPOp::create(
            body, bodyLoc, body.getF64Type(), valueAt(body, bodyLoc, index));
        Value offset =
            arith::IndexCastOp::create(body, bodyLoc, body.getI64Type(), index);
        Value slot = LLVM::GEPOp::create(
            body, bodyLoc, LLVM::LLVMPointerType::get(body.getContext()),
            body.getF64Type(), data, ValueRange{offset});
        LLVM::StoreOp::create(body, bodyLoc, asFloat, slot);
        scf::YieldOp::create(body, bodyLoc);
      });
}

template <typename OpTy, RuntimeFunction Function>
struct ScalarMeasurementLowering : RuntimePattern<OpTy> {
  using RuntimePattern<OpTy>::RuntimePattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, this->state);
    rewriter.replaceOp(op, b.call(Function, adaptor.getObs()));
    return success();
  }
};

struct ProbsLowering : ObservedPattern<ProbsOp> {
  using ObservedPattern::ObservedPattern;
  void lower(ProbsOp op, OpAdaptor adaptor, RuntimeBuilder &b,
             const ObservedWires &wires) const override {
    Value buffer = adaptor.getStateIn();
    Value ok = b.dimEquals(buffer, 0, b.pow2(wires.count));
    b.call(RuntimeFunction::Probs,
           {wires.array, wires.count, b.guard(ok, b.dataPointer(buffer))});
  }
};

/// complex<f64> buffers lower to {double, double} elements, the runtime's
/// (re, im) pairs, so the amplitudes are written in place.
struct StateLowering : RuntimePattern<StateOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(StateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, state);
    Value buffer = adaptor.getStateIn();
    Value numQubits = b.call(RuntimeFunction::NumQubits, {});
    Value ok = b.dimEquals(buffer, 0, b.pow2(numQubits));
    b.call(RuntimeFunction::State, b.guard(ok, b.dataPointer(buffer)));
    rewriter.eraseOp(op);
    return success();
  }
};

/// Whether the buffer's number of shots matches the device's, when the
/// function has a quantum.device with shots.
Value shotsAgree(RuntimeBuilder &b, Operation *op, const LoweringState &state,
                 Value shots) {
  Value deviceShots = state.shots.lookup(op);
  if (!deviceShots)
    return arith::ConstantIntOp::create(b.getRewriter(), b.getLoc(), 1, 1);
  return arith::CmpIOp::create(b.getRewriter(), b.getLoc(),
                               arith::CmpIPredicate::eq, shots,
                               b.getRewriter().getRemappedValue(deviceShots));
}

/// (shots x wires) samples: the runtime writes int64 bits into a scratch
/// buffer, which is converted to f64 into the op's buffer.
struct SampleLowering : ObservedPattern<SampleOp> {
  using ObservedPattern::ObservedPattern;
  void lower(SampleOp op, OpAdaptor adaptor, RuntimeBuilder &b,
             const ObservedWires &wires) const override {
    ConversionPatternRewriter &rewriter = b.getRewriter();
    Location loc = op.getLoc();
    Value buffer = adaptor.getInData();
    Value shots = b.toI64(memref::DimOp::create(rewriter, loc, buffer, 0));
    Value ok = arith::AndIOp::create(rewriter, loc,
                                     b.dimEquals(buffer, 1, wires.count),
                                     shotsAgree(b, op, state, shots));
    Value size = arith::MulIOp::create(
        rewriter, loc, memref::DimOp::create(rewriter, loc, buffer, 0),
        memref::DimOp::create(rewriter, loc, buffer, 1));
    Value bits = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get({ShapedType::kDynamic}, rewriter.getI64Type()),
        ValueRange{size});
    b.call(RuntimeFunction::Sample,
           {wires.array, wires.count, shots, b.i64(getSeed(op)),
            b.guard(ok, b.dataPointer(bits))});
    fillFloats(
        b, b.dataPointer(buffer), size,
        [&](OpBuilder &body, Location bodyLoc, Value i) {
          return memref::LoadOp::create(body, bodyLoc, bits, i).getResult();
        });
    memref::DeallocOp::create(rewriter, loc, bits);
  }
};

/// Counts of every basis state; the "eigenvalues" of a computational basis
/// are the outcomes 0 .. 2^n - 1.
struct CountsLowering : ObservedPattern<CountsOp> {
  using ObservedPattern::ObservedPattern;
  void lower(CountsOp op, OpAdaptor adaptor, RuntimeBuilder &b,
             const ObservedWires &wires) const override {
    ConversionPatternRewriter &rewriter = b.getRewriter();
    Location loc = op.getLoc();
    Value outcomes = b.pow2(wires.count);
    Value eigvals = adaptor.getInEigvals();
    Value counts = adaptor.getInCounts();
    Value ok =
        arith::AndIOp::create(rewriter, loc, b.dimEquals(eigvals, 0, outcomes),
                              b.dimEquals(counts, 0, outcomes));
    Value shots = rewriter.getRemappedValue(state.shots.lookup(op));
    b.call(RuntimeFunction::Counts,
           {wires.array, wires.count, shots, b.i64(getSeed(op)),
            b.guard(ok, b.dataPointer(counts))});
    fillFloats(b, b.dataPointer(eigvals),
               memref::DimOp::create(rewriter, loc, eigvals, 0),
               [](OpBuilder &body, Location bodyLoc, Value i) {
                 return arith::IndexCastOp::create(body, bodyLoc,
                                                   body.getI64Type(), i)
                     .getResult();
               });
  }
};

/// `postselect = 0 | 1` (a discardable attribute, as Catalyst spells it)
/// forces the outcome; without it the runtime draws one.
struct MeasureLowering : RuntimePattern<MeasureOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(MeasureOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, state);
    auto postselect = op->getAttrOfType<IntegerAttr>("postselect");
    Value wire = adaptor.getInQubit();
    Value outcome =
        b.call(RuntimeFunction::Measure,
               {wire, b.i64(postselect ? postselect.getInt() : -1)});
    Value isOne = arith::CmpIOp::create(
        rewriter, op.getLoc(), arith::CmpIPredicate::eq, outcome, b.i64(1));
    rewriter.replaceOp(op, {isOne, wire});
    return success();
  }
};

} // namespace

void qgrad::quantum::lowering::populateMeasurementPatterns(
    const TypeConverter &converter, const LoweringState &state,
    RewritePatternSet &patterns) {
  patterns.add<ScalarMeasurementLowering<ExpvalOp, RuntimeFunction::Expval>,
               ScalarMeasurementLowering<VarianceOp, RuntimeFunction::Var>,
               ProbsLowering, StateLowering, SampleLowering, CountsLowering,
               MeasureLowering>(converter, patterns.getContext(), state);
}
