//===- BackpropLowering.cpp - gradient.backprop to __enzyme_autodiff ------===//
//
// One backprop becomes, in order: zeroing of the grad_out shadows, the
// descriptor fields of every memref operand, one vararg call of the engine's
// entry point, and the scaling of the derivatives by a scalar cotangent when
// the callee returns its output instead of writing it to a buffer.
//
//===----------------------------------------------------------------------===//

#include "BackpropLowering.h"

#include "EnzymeABI.h"
#include "FunctionAddress.h"
#include "MemRefFields.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

/// How an operand of the backprop takes part in the reverse sweep.
enum class OperandRole {
  ActiveScalar, // differentiated; its derivative is a result of the call
  ConstScalar,  // not differentiated
  ActiveMemRef, // differentiated; its adjoint accumulates into a shadow
  ConstMemRef,  // not differentiated
  OutputMemRef, // a callee_out buffer; its shadow holds the cotangent
};

/// The markers the engine needs for each role (include/qgrad/AD/enzyme.h).
/// Integer fields (offset, sizes, strides) are constant by default and get
/// no marker; a float scalar is active by default.
struct PassingRule {
  llvm::StringLiteral leadingMarker; // before a scalar or allocated pointer
  llvm::StringLiteral alignedMarker; // before the aligned pointer
  bool shadowed;                     // a shadow pointer follows the aligned one
};

constexpr PassingRule kPassingRules[] = {
    /*ActiveScalar*/ {"", "", false},
    /*ConstScalar*/ {kEnzymeConst, "", false},
    /*ActiveMemRef*/ {kEnzymeConst, kEnzymeDup, true},
    /*ConstMemRef*/ {kEnzymeConst, kEnzymeConst, false},
    /*OutputMemRef*/ {kEnzymeConst, kEnzymeDupNoNeed, true},
};

const PassingRule &ruleFor(OperandRole role) {
  return kPassingRules[static_cast<unsigned>(role)];
}

bool isScalar(Type type) {
  return isa<FloatType, IntegerType, IndexType>(type);
}

bool isLowerableMemRef(Type type, const LLVMTypeConverter &converter) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.isStrided() && converter.convertType(memref);
}

/// Collects the call's operands behind the function pointer.
class CallOperands {
public:
  CallOperands(gradient::BackpropOp op, SymbolTable &symbols,
               const LLVMTypeConverter &converter)
      : op(op), symbols(symbols), converter(converter), builder(op) {}

  OpBuilder &getBuilder() { return builder; }
  ArrayRef<Value> get() const { return operands; }

  LogicalResult addScalar(Value value, OperandRole role) {
    if (failed(addMarker(ruleFor(role).leadingMarker)))
      return failure();
    if (isa<IndexType>(value.getType()))
      value = arith::IndexCastOp::create(builder, op.getLoc(),
                                         converter.getIndexType(), value);
    operands.push_back(value);
    return success();
  }

  /// `shadow` (with `shadowName` for diagnostics) is given exactly when the
  /// role's rule has a shadow.
  LogicalResult addMemRef(Value memref, OperandRole role, Value shadow = {},
                          StringRef shadowName = "") {
    const PassingRule &rule = ruleFor(role);
    Location loc = op.getLoc();
    MemRefFields fields = unpackMemRef(builder, loc, memref, converter);
    Value shadowPointer;
    if (rule.shadowed) {
      MemRefFields shadowFields = unpackMemRef(builder, loc, shadow, converter);
      if (failed(checkShadowLayout(builder, op, symbols, shadowName, memref,
                                   fields, shadow, shadowFields)))
        return failure();
      shadowPointer = shadowAlignedPointer(builder, loc, memref, fields, shadow,
                                           shadowFields, converter);
    }
    if (failed(addMarker(rule.leadingMarker)))
      return failure();
    operands.push_back(fields.allocated);
    if (failed(addMarker(rule.alignedMarker)))
      return failure();
    operands.push_back(fields.aligned);
    if (shadowPointer)
      operands.push_back(shadowPointer);
    operands.push_back(fields.offset);
    llvm::append_range(operands, fields.sizes);
    llvm::append_range(operands, fields.strides);
    return success();
  }

private:
  LogicalResult addMarker(StringRef marker) {
    if (marker.empty())
      return success();
    FailureOr<Value> address = getMarkerAddress(builder, op, symbols, marker);
    if (failed(address))
      return failure();
    operands.push_back(*address);
    return success();
  }

  gradient::BackpropOp op;
  SymbolTable &symbols;
  const LLVMTypeConverter &converter;
  OpBuilder builder;
  SmallVector<Value> operands;
};

LogicalResult checkOperandType(gradient::BackpropOp op, Value value,
                               const Twine &what,
                               const LLVMTypeConverter &converter) {
  Type type = value.getType();
  if (isScalar(type) || isLowerableMemRef(type, converter))
    return success();
  return op.emitOpError() << what << " has type " << type
                          << ", which cannot be passed to __enzyme_autodiff: "
                             "expected a float, integer or index scalar or a "
                             "ranked memref with a strided layout (bufferize "
                             "tensors first)";
}

LogicalResult checkOperandTypes(gradient::BackpropOp op,
                                const LLVMTypeConverter &converter) {
  for (auto [index, arg] : llvm::enumerate(op.getArgs()))
    if (failed(
            checkOperandType(op, arg, "argument #" + Twine(index), converter)))
      return failure();
  for (auto [index, shadow] : llvm::enumerate(op.getDiffArgShadows()))
    if (failed(checkOperandType(op, shadow, "grad_out buffer #" + Twine(index),
                                converter)))
      return failure();
  for (auto [index, out] : llvm::enumerate(op.getCalleeOut()))
    if (failed(checkOperandType(op, out, "callee_out buffer #" + Twine(index),
                                converter)))
      return failure();
  if (op.getCalleeOut().empty())
    return success();
  for (auto [index, cotangent] : llvm::enumerate(op.getCotangents()))
    if (failed(checkOperandType(op, cotangent, "cotangent #" + Twine(index),
                                converter)))
      return failure();
  return success();
}

/// The engine seeds a float result of the callee with 1.0 and nothing else.
/// Outputs therefore go either to callee_out buffers (the verifier makes
/// sure the callee then returns nothing), or to one float result whose
/// scalar cotangent scales the derivatives afterwards.
LogicalResult checkCalleeOutputs(gradient::BackpropOp op,
                                 FunctionOpInterface callee) {
  if (callee.isExternal())
    return op.emitOpError() << "cannot differentiate '@" << callee.getName()
                            << "': it has no body in this module";
  ArrayRef<Type> results = callee.getResultTypes();
  if (!op.getCalleeOut().empty() ||
      (results.size() == 1 && isa<FloatType>(results.front())))
    return success();
  return op.emitOpError()
         << "the callee '@" << callee.getName() << "' of type "
         << callee.getFunctionType()
         << " has no callee_out buffers, so its outputs are its results, but "
            "the AD engine seeds only a single float result; write the "
            "outputs to callee_out buffers";
}

/// dst = dst * factor, element by element, in place.
void scaleInPlace(OpBuilder &builder, Location loc, Value buffer,
                  Value factor) {
  auto type = cast<MemRefType>(buffer.getType());
  AffineMap identity = builder.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  linalg::GenericOp::create(
      builder, loc, TypeRange{}, ValueRange{}, ValueRange{buffer},
      ArrayRef<AffineMap>{identity}, iterators,
      [&](OpBuilder &body, Location bodyLoc, ValueRange element) {
        Value scaled =
            arith::MulFOp::create(body, bodyLoc, element.front(), factor);
        linalg::YieldOp::create(body, bodyLoc, scaled);
      });
}

/// `seed` in the float type of what it scales.
Value seedAs(OpBuilder &builder, Location loc, Value seed, Type target) {
  auto from = cast<FloatType>(seed.getType());
  auto to = cast<FloatType>(target);
  if (from == to)
    return seed;
  if (from.getWidth() > to.getWidth())
    return arith::TruncFOp::create(builder, loc, to, seed);
  return arith::ExtFOp::create(builder, loc, to, seed);
}

} // namespace

LogicalResult lowerBackprop(gradient::BackpropOp op, SymbolTable &symbols,
                            SymbolTableCollection &symbolTables,
                            const LLVMTypeConverter &converter) {
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      symbolTables.lookupNearestSymbolFrom(op, op.getCalleeAttr()));
  if (!callee)
    return op.emitOpError()
           << "callee " << op.getCalleeAttr() << " is not a function";
  if (failed(checkCalleeOutputs(op, callee)) ||
      failed(checkOperandTypes(op, converter)))
    return failure();

  CallOperands operands(op, symbols, converter);
  OpBuilder &builder = operands.getBuilder();
  Location loc = op.getLoc();
  SmallVector<unsigned> positions = op.getDiffArgPositions();
  SmallVector<Type> derivativeTypes;
  auto shadows = op.getDiffArgShadows();
  unsigned nextShadow = 0;
  for (auto [index, arg] : llvm::enumerate(op.getArgs())) {
    bool active = llvm::is_contained(positions, index);
    if (!isa<MemRefType>(arg.getType())) {
      if (active)
        derivativeTypes.push_back(arg.getType());
      if (failed(operands.addScalar(arg, active ? OperandRole::ActiveScalar
                                                : OperandRole::ConstScalar)))
        return failure();
      continue;
    }
    if (!active) {
      if (failed(operands.addMemRef(arg, OperandRole::ConstMemRef)))
        return failure();
      continue;
    }
    // The adjoint lands in the shadow: the engine adds into it.
    Value shadow = shadows[nextShadow];
    auto elementType =
        cast<FloatType>(cast<MemRefType>(shadow.getType()).getElementType());
    Value zero = arith::ConstantOp::create(
        builder, loc, builder.getFloatAttr(elementType, 0.0));
    linalg::FillOp::create(builder, loc, ValueRange{zero}, ValueRange{shadow});
    if (failed(operands.addMemRef(arg, OperandRole::ActiveMemRef, shadow,
                                  "grad_out buffer #" +
                                      std::to_string(nextShadow))))
      return failure();
    ++nextShadow;
  }
  for (auto [index, out] : llvm::enumerate(op.getCalleeOut()))
    if (failed(operands.addMemRef(out, OperandRole::OutputMemRef,
                                  op.getCotangents()[index],
                                  "cotangent #" + std::to_string(index))))
      return failure();

  Value function = getFunctionAddress(builder, loc, callee);
  FailureOr<LLVM::LLVMFuncOp> entry =
      getAutodiffEntry(op, symbols, derivativeTypes);
  if (failed(entry))
    return failure();
  SmallVector<Value> callOperands{function};
  llvm::append_range(callOperands, operands.get());
  auto call = LLVM::CallOp::create(builder, loc, *entry, callOperands);

  SmallVector<Value> derivatives;
  if (derivativeTypes.size() == 1)
    derivatives.push_back(call.getResult());
  else
    for (unsigned index = 0; index < derivativeTypes.size(); ++index)
      derivatives.push_back(LLVM::ExtractValueOp::create(
          builder, loc, call.getResult(), ArrayRef<int64_t>{index}));

  // A callee returning its output was seeded with 1.0: scale by the seed.
  if (op.getCalleeOut().empty()) {
    Value seed = op.getCotangents().front();
    for (Value &derivative : derivatives)
      derivative = arith::MulFOp::create(
          builder, loc, derivative,
          seedAs(builder, loc, seed, derivative.getType()));
    for (Value shadow : shadows)
      scaleInPlace(builder, loc, shadow,
                   seedAs(builder, loc, seed,
                          cast<MemRefType>(shadow.getType()).getElementType()));
  }
  op.replaceAllUsesWith(derivatives);
  op.erase();
  return success();
}

} // namespace qgrad::gradient_to_llvm
