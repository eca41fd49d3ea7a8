//===- BackpropLowering.cpp - gradient.backprop to __enzyme_autodiff ------===//
//
// One backprop becomes, in order: zeroing of the grad_out shadows, the
// descriptor fields of every memref operand, one vararg call of the engine's
// entry point, and the scaling of the derivatives by a scalar cotangent when
// the callee returns its output instead of writing it to a buffer.
//
//===----------------------------------------------------------------------===//

#include "BackpropLowering.h"

#include "EngineCallOperands.h"
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

LogicalResult checkOperandTypes(gradient::BackpropOp op,
                                const LLVMTypeConverter &converter) {
  for (auto [index, arg] : llvm::enumerate(op.getArgs()))
    if (failed(checkOperandType(op, arg, "argument #" + Twine(index), converter,
                                kAutodiffEntry)))
      return failure();
  for (auto [index, shadow] : llvm::enumerate(op.getDiffArgShadows()))
    if (failed(checkOperandType(op, shadow, "grad_out buffer #" + Twine(index),
                                converter, kAutodiffEntry)))
      return failure();
  for (auto [index, out] : llvm::enumerate(op.getCalleeOut()))
    if (failed(checkOperandType(op, out, "callee_out buffer #" + Twine(index),
                                converter, kAutodiffEntry)))
      return failure();
  if (op.getCalleeOut().empty())
    return success();
  for (auto [index, cotangent] : llvm::enumerate(op.getCotangents()))
    if (failed(checkOperandType(op, cotangent, "cotangent #" + Twine(index),
                                converter, kAutodiffEntry)))
      return failure();
  return success();
}

/// The engine seeds a float result of the callee with 1.0 and nothing else.
/// Outputs therefore go either to callee_out buffers (the verifier makes
/// sure the callee then returns nothing), or to one float result whose
/// scalar cotangent scales the derivatives afterwards.
LogicalResult checkCalleeOutputs(gradient::BackpropOp op,
                                 FunctionOpInterface callee) {
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
  FailureOr<FunctionOpInterface> callee =
      lookupDifferentiatedCallee(op, op.getCalleeAttr(), symbolTables);
  if (failed(callee) || failed(checkCalleeOutputs(op, *callee)) ||
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

  Value function = getFunctionAddress(builder, loc, *callee);
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
