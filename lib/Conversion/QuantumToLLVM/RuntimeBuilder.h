//===- RuntimeBuilder.h - Emitting calls of the qgrad runtime ---*- C++ -*-===//
//
// What the quantum-to-LLVM patterns share: the runtime's C API (as
// func.func declarations, from Dialect/Quantum/Utils/RuntimeAPI.h), the
// per-module facts gathered before the conversion, and a
// builder for the few IR shapes every pattern emits (runtime calls, stack
// arrays of wires, handles and angles, pointers into buffers, size guards).
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_CONVERSION_QUANTUMTOLLVM_RUNTIMEBUILDER_H
#define QGRAD_LIB_CONVERSION_QUANTUMTOLLVM_RUNTIMEBUILDER_H

#include "qgrad/Dialect/Quantum/Utils/RuntimeAPI.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"

namespace qgrad::quantum::lowering {

using qgrad::quantum::declareRuntimeFunctions;
using qgrad::quantum::eraseUnusedRuntimeDeclarations;
using qgrad::quantum::RuntimeFunction;

/// Facts gathered before the conversion starts, while the IR is intact.
struct LoweringState {
  /// The `qgrad_rt_default_context()` value of each function (by its op).
  llvm::DenseMap<mlir::Operation *, mlir::Value> contexts;
  /// The `shots` value of the quantum.device that dominates a sample or
  /// counts op, when there is one.
  llvm::DenseMap<mlir::Operation *, mlir::Value> shots;
};

/// Emits the lowering of one op, before it, on behalf of a pattern.
class RuntimeBuilder {
public:
  RuntimeBuilder(mlir::ConversionPatternRewriter &rewriter, mlir::Operation *op,
                 const LoweringState &state);

  /// Calls `fn` on the function's context followed by `args`; returns its
  /// result, or null when it returns nothing.
  mlir::Value call(RuntimeFunction fn, mlir::ValueRange args);

  mlir::Value i64(int64_t value);
  mlir::Value nullPointer();
  /// 1 << `exponent` as an i64.
  mlir::Value pow2(mlir::Value exponent);
  /// An i64 value of index or i64 type.
  mlir::Value toI64(mlir::Value value);

  /// A stack array holding `values` (all of type `elementType`); the alloca
  /// is placed at the function's entry so loops reuse it. Null when empty.
  mlir::Value stackArray(mlir::Type elementType, mlir::ValueRange values);

  /// The address of the first element of an identity-layout memref.
  mlir::Value dataPointer(mlir::Value memref);

  /// `pointer` when `ok` holds, else null: the runtime then reports a null
  /// pointer instead of reading or writing outside the buffer.
  mlir::Value guard(mlir::Value ok, mlir::Value pointer);

  /// The data of a 2^numWires x 2^numWires complex matrix, guarded.
  mlir::Value squareMatrixPointer(mlir::Value matrix, int64_t numWires);

  /// Whether dimension `dim` of `memref` equals the i64 `expected`.
  mlir::Value dimEquals(mlir::Value memref, unsigned dim, mlir::Value expected);

  mlir::Location getLoc() const { return loc; }
  mlir::ConversionPatternRewriter &getRewriter() { return rewriter; }

private:
  mlir::ConversionPatternRewriter &rewriter;
  mlir::Location loc;
  mlir::Value context;
};

/// The pattern base: a conversion pattern that can reach the shared state.
template <typename OpTy>
struct RuntimePattern : public mlir::OpConversionPattern<OpTy> {
  RuntimePattern(const mlir::TypeConverter &converter,
                 mlir::MLIRContext *context, const LoweringState &state)
      : mlir::OpConversionPattern<OpTy>(converter, context), state(state) {}
  const LoweringState &state;
};

/// Each adds the patterns of one group of quantum ops.
using PopulateFn = void (*)(const mlir::TypeConverter &, const LoweringState &,
                            mlir::RewritePatternSet &);
void populateMemoryPatterns(const mlir::TypeConverter &converter,
                            const LoweringState &state,
                            mlir::RewritePatternSet &patterns);
void populateGatePatterns(const mlir::TypeConverter &converter,
                          const LoweringState &state,
                          mlir::RewritePatternSet &patterns);
void populateObservablePatterns(const mlir::TypeConverter &converter,
                                const LoweringState &state,
                                mlir::RewritePatternSet &patterns);
void populateMeasurementPatterns(const mlir::TypeConverter &converter,
                                 const LoweringState &state,
                                 mlir::RewritePatternSet &patterns);

/// Located errors for what the lowering does not support, checked on the
/// intact IR before any rewriting; failure when one was reported.
mlir::LogicalResult checkLowerable(mlir::ModuleOp module);

} // namespace qgrad::quantum::lowering

#endif // QGRAD_LIB_CONVERSION_QUANTUMTOLLVM_RUNTIMEBUILDER_H
