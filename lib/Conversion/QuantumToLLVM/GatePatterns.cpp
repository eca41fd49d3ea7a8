//===- GatePatterns.cpp - Gates to qgrad_rt_apply -------------------------===//
//
// Every gate (custom, multirz, unitary) goes through GateOpInterface: its
// angles and wires are stored in stack arrays and qgrad_rt_apply receives
// the runtime's id for the gate's name. A unitary passes its matrix as the
// parameter array (2 * 4^k doubles, the layout of complex<f64>). The gate
// yields the same wires it consumed.
//
//===----------------------------------------------------------------------===//

#include "RuntimeBuilder.h"

#include "qgrad/Conversion/QuantumToLLVM/RuntimeIds.h"
#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

using namespace mlir;
using namespace qgrad::quantum;
using namespace qgrad::quantum::lowering;

namespace {

struct GateLowering : OpInterfaceConversionPattern<GateOpInterface> {
  GateLowering(const TypeConverter &converter, MLIRContext *context,
               const LoweringState &state)
      : OpInterfaceConversionPattern(converter, context), state(state) {}

  LogicalResult
  matchAndRewrite(GateOpInterface gate, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *op = gate.getOperation();
    std::optional<int64_t> id = getRuntimeGateId(gate.getGateName());
    if (!id)
      return op->emitOpError() << "gate '" << gate.getGateName()
                               << "' has no id in the runtime's gate table";
    RuntimeBuilder b(rewriter, op, state);
    // Angles (or the matrix) come first among the operands, qubits last.
    size_t numQubits = gate.getInQubits().size();
    ArrayRef<Value> wires = operands.take_back(numQubits);
    Value params = matrixOrAngles(b, op, operands, numQubits);
    b.call(RuntimeFunction::Apply,
           {b.i64(*id), params, b.stackArray(rewriter.getI64Type(), wires),
            b.i64(static_cast<int64_t>(numQubits)),
            b.i64(gate.isAdjoint() ? 1 : 0)});
    rewriter.replaceOp(op, wires);
    return success();
  }

private:
  /// A unitary's matrix, guarded to be 2^k x 2^k; otherwise the angles.
  static Value matrixOrAngles(RuntimeBuilder &b, Operation *op,
                              ArrayRef<Value> operands, size_t numQubits) {
    if (isa<QubitUnitaryOp>(op))
      return b.squareMatrixPointer(operands.front(),
                                   static_cast<int64_t>(numQubits));
    return b.stackArray(Float64Type::get(op->getContext()),
                        operands.drop_back(numQubits));
  }

  const LoweringState &state;
};

} // namespace

void qgrad::quantum::lowering::populateGatePatterns(
    const TypeConverter &converter, const LoweringState &state,
    RewritePatternSet &patterns) {
  patterns.add<GateLowering>(converter, patterns.getContext(), state);
}
