//===- ObservablePatterns.cpp - Observables to runtime handles ------------===//
//
// Each observable op registers its observable with the runtime and becomes
// the i64 handle it returns; composite observables pass their factors'
// handles in a stack array. A computational basis is no runtime object:
// probs, state, sample and counts read its wires directly, so it lowers to
// the invalid handle -1.
//
//===----------------------------------------------------------------------===//

#include "RuntimeBuilder.h"

#include "qgrad/Conversion/QuantumToLLVM/RuntimeIds.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace qgrad::quantum;
using namespace qgrad::quantum::lowering;

namespace {

struct NamedObsLowering : RuntimePattern<NamedObsOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(NamedObsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<int64_t> kind = getRuntimeObservableId(op.getType());
    if (!kind)
      return op.emitOpError() << "observable " << op.getTypeAttr()
                              << " has no id in the runtime";
    RuntimeBuilder b(rewriter, op, state);
    rewriter.replaceOp(op, b.call(RuntimeFunction::ObsNamed,
                                  {b.i64(*kind), adaptor.getQubit()}));
    return success();
  }
};

struct HermitianLowering : RuntimePattern<HermitianOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(HermitianOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, state);
    int64_t numWires = static_cast<int64_t>(adaptor.getQubits().size());
    rewriter.replaceOp(
        op, b.call(RuntimeFunction::ObsHermitian,
                   {b.squareMatrixPointer(adaptor.getMatrix(), numWires),
                    b.stackArray(rewriter.getI64Type(), adaptor.getQubits()),
                    b.i64(numWires)}));
    return success();
  }
};

struct TensorLowering : RuntimePattern<TensorOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(TensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, state);
    ValueRange factors = adaptor.getTerms();
    rewriter.replaceOp(op,
                       b.call(RuntimeFunction::ObsTensor,
                              {b.stackArray(rewriter.getI64Type(), factors),
                               b.i64(static_cast<int64_t>(factors.size()))}));
    return success();
  }
};

/// One coefficient per term, checked at run time when the buffer's size is
/// dynamic.
struct HamiltonianLowering : RuntimePattern<HamiltonianOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(HamiltonianOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, state);
    ValueRange terms = adaptor.getTerms();
    Value numTerms = b.i64(static_cast<int64_t>(terms.size()));
    Value coeffs = adaptor.getCoeffs();
    rewriter.replaceOp(
        op, b.call(RuntimeFunction::ObsHamiltonian,
                   {b.guard(b.dimEquals(coeffs, 0, numTerms),
                            b.dataPointer(coeffs)),
                    b.stackArray(rewriter.getI64Type(), terms), numTerms}));
    return success();
  }
};

struct ComputationalBasisLowering : RuntimePattern<ComputationalBasisOp> {
  using RuntimePattern::RuntimePattern;
  LogicalResult
  matchAndRewrite(ComputationalBasisOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeBuilder b(rewriter, op, state);
    rewriter.replaceOp(op, b.i64(-1));
    return success();
  }
};

} // namespace

void qgrad::quantum::lowering::populateObservablePatterns(
    const TypeConverter &converter, const LoweringState &state,
    RewritePatternSet &patterns) {
  patterns.add<NamedObsLowering, HermitianLowering, TensorLowering,
               HamiltonianLowering, ComputationalBasisLowering>(
      converter, patterns.getContext(), state);
}
