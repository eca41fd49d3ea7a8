//===- EngineCallOperands.cpp - Operands of an AD engine entry call -------===//

#include "EngineCallOperands.h"

#include "EnzymeABI.h"
#include "MemRefFields.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

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
    /*TangentOutputMemRef*/ {kEnzymeConst, kEnzymeDup, true},
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

} // namespace

LogicalResult CallOperands::addScalar(Value value, OperandRole role,
                                      Value tangent) {
  if (failed(addMarker(ruleFor(role).leadingMarker)))
    return failure();
  if (isa<IndexType>(value.getType()))
    value = arith::IndexCastOp::create(builder, user->getLoc(),
                                       converter.getIndexType(), value);
  operands.push_back(value);
  if (tangent)
    operands.push_back(tangent);
  return success();
}

LogicalResult CallOperands::addMemRef(Value memref, OperandRole role,
                                      Value shadow, StringRef shadowName) {
  const PassingRule &rule = ruleFor(role);
  Location loc = user->getLoc();
  MemRefFields fields = unpackMemRef(builder, loc, memref, converter);
  Value shadowPointer;
  if (rule.shadowed) {
    MemRefFields shadowFields = unpackMemRef(builder, loc, shadow, converter);
    if (failed(checkShadowLayout(builder, user, symbols, shadowName, memref,
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

LogicalResult CallOperands::addMarker(StringRef marker) {
  if (marker.empty())
    return success();
  FailureOr<Value> address = getMarkerAddress(builder, user, symbols, marker);
  if (failed(address))
    return failure();
  operands.push_back(*address);
  return success();
}

FailureOr<FunctionOpInterface>
lookupDifferentiatedCallee(Operation *user, FlatSymbolRefAttr name,
                           SymbolTableCollection &symbolTables) {
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      symbolTables.lookupNearestSymbolFrom(user, name));
  if (!callee)
    return user->emitOpError() << "callee " << name << " is not a function";
  if (callee.isExternal())
    return user->emitOpError() << "cannot differentiate '@" << callee.getName()
                               << "': it has no body in this module";
  return callee;
}

LogicalResult checkOperandType(Operation *user, Value value, const Twine &what,
                               const LLVMTypeConverter &converter,
                               StringRef entry) {
  Type type = value.getType();
  if (isScalar(type) || isLowerableMemRef(type, converter))
    return success();
  return user->emitOpError()
         << what << " has type " << type << ", which cannot be passed to "
         << entry
         << ": expected a float, integer or index scalar or a ranked memref "
            "with a strided layout (bufferize tensors first)";
}

} // namespace qgrad::gradient_to_llvm
