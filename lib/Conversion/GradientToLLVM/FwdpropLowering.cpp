//===- FwdpropLowering.cpp - gradient.fwdprop to __enzyme_fwddiff ---------===//
//
// One fwdprop becomes the descriptor fields of every memref operand and one
// vararg call of the engine's forward-mode entry point, which writes the
// outputs into the callee_out buffers and their tangents into the
// out_tangents buffers.
//
//===----------------------------------------------------------------------===//

#include "FwdpropLowering.h"

#include "EngineCallOperands.h"
#include "EnzymeABI.h"
#include "FunctionAddress.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

LogicalResult checkOperandTypes(gradient::FwdpropOp op,
                                const LLVMTypeConverter &converter) {
  auto check = [&](ValueRange values, StringRef what) {
    for (auto [index, value] : llvm::enumerate(values))
      if (failed(checkOperandType(op, value, what + (" #" + Twine(index)),
                                  converter, kForwardEntry)))
        return false;
    return true;
  };
  return success(check(op.getArgs(), "argument") &&
                 check(op.getTangents(), "tangent") &&
                 check(op.getCalleeOut(), "callee_out buffer") &&
                 check(op.getOutTangents(), "out_tangents buffer"));
}

} // namespace

LogicalResult lowerFwdprop(gradient::FwdpropOp op, SymbolTable &symbols,
                           SymbolTableCollection &symbolTables,
                           const LLVMTypeConverter &converter) {
  FailureOr<FunctionOpInterface> callee =
      lookupDifferentiatedCallee(op, op.getCalleeAttr(), symbolTables);
  if (failed(callee) || failed(checkOperandTypes(op, converter)))
    return failure();

  CallOperands operands(op, symbols, converter);
  OpBuilder &builder = operands.getBuilder();
  Location loc = op.getLoc();
  SmallVector<unsigned> positions = op.getDiffArgPositions();
  unsigned nextTangent = 0;
  for (auto [index, arg] : llvm::enumerate(op.getArgs())) {
    bool active = llvm::is_contained(positions, index);
    Value tangent = active ? op.getTangents()[nextTangent] : Value();
    LogicalResult added =
        !isa<MemRefType>(arg.getType())
            ? operands.addScalar(arg,
                                 active ? OperandRole::ActiveScalar
                                        : OperandRole::ConstScalar,
                                 tangent)
        : active ? operands.addMemRef(arg, OperandRole::ActiveMemRef, tangent,
                                      "tangent #" + std::to_string(nextTangent))
                 : operands.addMemRef(arg, OperandRole::ConstMemRef);
    if (failed(added))
      return failure();
    nextTangent += active;
  }
  for (auto [index, out] : llvm::enumerate(op.getCalleeOut()))
    if (failed(operands.addMemRef(
            out, OperandRole::TangentOutputMemRef, op.getOutTangents()[index],
            "out_tangents buffer #" + std::to_string(index))))
      return failure();

  FailureOr<LLVM::LLVMFuncOp> entry = getForwardEntry(op, symbols);
  if (failed(entry))
    return failure();
  SmallVector<Value> callOperands{getFunctionAddress(builder, loc, *callee)};
  llvm::append_range(callOperands, operands.get());
  LLVM::CallOp::create(builder, loc, *entry, callOperands);
  op.erase();
  return success();
}

} // namespace qgrad::gradient_to_llvm
