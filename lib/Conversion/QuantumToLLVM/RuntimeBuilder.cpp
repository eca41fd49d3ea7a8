//===- RuntimeBuilder.cpp - Emitting calls of the qgrad runtime -----------===//

#include "RuntimeBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace qgrad::quantum::lowering;

RuntimeBuilder::RuntimeBuilder(ConversionPatternRewriter &rewriter,
                               Operation *op, const LoweringState &state)
    : rewriter(rewriter), loc(op->getLoc()),
      context(state.contexts.lookup(
          op->getParentOfType<func::FuncOp>().getOperation())) {
  rewriter.setInsertionPoint(op);
}

Value RuntimeBuilder::call(RuntimeFunction function, ValueRange args) {
  FunctionType type =
      quantum::runtimeFunctionType(rewriter.getContext(), function);
  SmallVector<Value> operands;
  if (function != RuntimeFunction::DefaultContext)
    operands.push_back(context);
  llvm::append_range(operands, args);
  auto call = func::CallOp::create(rewriter, loc,
                                   quantum::runtimeFunctionName(function),
                                   type.getResults(), operands);
  return call.getNumResults() ? call.getResult(0) : Value();
}

Value RuntimeBuilder::i64(int64_t value) {
  return arith::ConstantIntOp::create(rewriter, loc, value, 64);
}

Value RuntimeBuilder::nullPointer() {
  return LLVM::ZeroOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()));
}

Value RuntimeBuilder::pow2(Value exponent) {
  return arith::ShLIOp::create(rewriter, loc, i64(1), exponent);
}

Value RuntimeBuilder::toI64(Value value) {
  if (value.getType().isIndex())
    return arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                      value);
  return value;
}

Value RuntimeBuilder::stackArray(Type elementType, ValueRange values) {
  if (values.empty())
    return nullPointer();
  auto pointerType = LLVM::LLVMPointerType::get(rewriter.getContext());
  Value array;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointAfter(context.getDefiningOp());
    Value count = LLVM::ConstantOp::create(
        rewriter, loc, rewriter.getI64Type(),
        rewriter.getI64IntegerAttr(static_cast<int64_t>(values.size())));
    array =
        LLVM::AllocaOp::create(rewriter, loc, pointerType, elementType, count);
  }
  for (auto [index, value] : llvm::enumerate(values)) {
    Value slot = LLVM::GEPOp::create(
        rewriter, loc, pointerType, elementType, array,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
    LLVM::StoreOp::create(rewriter, loc, value, slot);
  }
  return array;
}

Value RuntimeBuilder::dataPointer(Value memref) {
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, memref);
  return LLVM::IntToPtrOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()),
      toI64(address));
}

Value RuntimeBuilder::guard(Value ok, Value pointer) {
  return LLVM::SelectOp::create(rewriter, loc, ok, pointer, nullPointer());
}

Value RuntimeBuilder::squareMatrixPointer(Value matrix, int64_t numWires) {
  Value side = pow2(i64(numWires));
  Value ok = arith::AndIOp::create(rewriter, loc, dimEquals(matrix, 0, side),
                                   dimEquals(matrix, 1, side));
  return guard(ok, dataPointer(matrix));
}

Value RuntimeBuilder::dimEquals(Value memref, unsigned dim, Value expected) {
  Value size = toI64(memref::DimOp::create(rewriter, loc, memref, dim));
  return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, size,
                               expected);
}
