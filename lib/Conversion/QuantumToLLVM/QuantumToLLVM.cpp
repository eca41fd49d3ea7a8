//===- QuantumToLLVM.cpp - The convert-quantum-to-llvm pass ---------------===//
//
// Quantum values become i64 (wire, base wire, observable handle) through one
// TypeConverter, so scf ops, calls, returns and branches that carry them
// are retyped by the upstream structural patterns while the quantum ops
// become runtime calls.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Conversion/QuantumToLLVM/QuantumToLLVM.h"

#include "RuntimeBuilder.h"

#include "qgrad/Dialect/Quantum/IR/QuantumOps.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/DialectConversion.h"

namespace qgrad {
#define GEN_PASS_DEF_CONVERTQUANTUMTOLLVM
#include "qgrad/Conversion/QuantumToLLVM/Passes.h.inc"
} // namespace qgrad

using namespace mlir;
using namespace qgrad::quantum;
using namespace qgrad::quantum::lowering;

namespace {

bool isQuantumType(Type type) {
  return isa<QubitType, QuregType, ObservableType>(type);
}

bool containsQuantumOps(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isa<QuantumDialect>(op->getDialect()) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The `shots` of the last quantum.device with shots that dominates `op`.
Value findDeviceShots(Operation *op, func::FuncOp func,
                      DominanceInfo &dominance) {
  Value shots;
  func.walk([&](DeviceOp device) {
    if (device.getShots() && dominance.properlyDominates(device, op))
      shots = device.getShots();
  });
  return shots;
}

/// Calls qgrad_rt_default_context() once at the entry of every function
/// with quantum ops, and finds the device shots of sample and counts.
LogicalResult gatherState(ModuleOp module, LoweringState &state) {
  bool ok = true;
  module.walk([&](func::FuncOp func) {
    if (func.isExternal() || !containsQuantumOps(func))
      return;
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    auto call = func::CallOp::create(
        builder, func.getLoc(), "qgrad_rt_default_context",
        TypeRange{LLVM::LLVMPointerType::get(module.getContext())},
        ValueRange());
    state.contexts[func] = call.getResult(0);
    DominanceInfo dominance(func);
    func.walk([&](Operation *op) {
      if (!isa<SampleOp, CountsOp>(op))
        return;
      if (Value shots = findDeviceShots(op, func, dominance))
        state.shots[op] = shots;
      else if (isa<CountsOp>(op)) {
        op->emitOpError() << "needs a number of shots: put `quantum.device "
                             "shots(...)` before it in the same function";
        ok = false;
      }
    });
  });
  return success(ok);
}

/// Retypes the block arguments of a function whose signature has no quantum
/// types but whose inner blocks (after scf-to-cf) carry qubits; the
/// upstream function pattern only fires on illegal signatures.
struct BlockArgumentLowering : public OpConversionPattern<func::FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::FuncOp func, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!getTypeConverter()->isSignatureLegal(func.getFunctionType()))
      return failure();
    if (failed(rewriter.convertRegionTypes(&func.getBody(),
                                           *getTypeConverter())))
      return failure();
    rewriter.modifyOpInPlace(func, [] {});
    return success();
  }
};

/// The gradient lowering's adjoint part reads an observable's runtime handle
/// through `builtin.unrealized_conversion_cast %obs : !quantum.obs to i64`;
/// once observables are i64 handles, that cast is the handle itself.
struct HandleCastLowering
    : public OpConversionPattern<UnrealizedConversionCastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(UnrealizedConversionCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 1 || op->getNumResults() != 1 ||
        !isQuantumType(op->getOperand(0).getType()) ||
        adaptor.getOperands().front().getType() != op->getResult(0).getType())
      return failure();
    rewriter.replaceOp(op, adaptor.getOperands().front());
    return success();
  }
};

void configureTypeConversion(TypeConverter &converter) {
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](Type type) -> std::optional<Type> {
    if (isQuantumType(type))
      return IntegerType::get(type.getContext(), 64);
    return std::nullopt;
  });
  auto castBack = [](OpBuilder &builder, Type type, ValueRange inputs,
                     Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  };
  converter.addSourceMaterialization(castBack);
  converter.addTargetMaterialization(castBack);
}

struct ConvertQuantumToLLVMPass
    : public qgrad::impl::ConvertQuantumToLLVMBase<ConvertQuantumToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!containsQuantumOps(module))
      return;
    if (failed(checkLowerable(module)))
      return signalPassFailure();
    declareRuntimeFunctions(module);
    LoweringState state;
    if (failed(gatherState(module, state)))
      return signalPassFailure();

    MLIRContext *context = &getContext();
    TypeConverter converter;
    configureTypeConversion(converter);
    ConversionTarget target(*context);
    target.addIllegalDialect<QuantumDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp func) {
      return converter.isSignatureLegal(func.getFunctionType()) &&
             converter.isLegal(&func.getBody());
    });
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return converter.isLegal(op); });

    RewritePatternSet patterns(context);
    for (PopulateFn populate :
         {populateMemoryPatterns, populateGatePatterns,
          populateObservablePatterns, populateMeasurementPatterns})
      populate(converter, state, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    patterns.add<BlockArgumentLowering, HandleCastLowering>(converter, context);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateBranchOpInterfaceTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);

    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    eraseUnusedRuntimeDeclarations(module);
  }
};

} // namespace
