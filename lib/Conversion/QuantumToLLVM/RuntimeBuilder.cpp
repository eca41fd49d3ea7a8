//===- RuntimeBuilder.cpp - Emitting calls of the qgrad runtime -----------===//

#include "RuntimeBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace qgrad::quantum::lowering;

namespace {

/// One C function of qgrad_rt.h. Types are spelled one letter each:
/// 'p' pointer, 'i' int64_t, 'f' double, 'v' void (result only).
struct RuntimeSignature {
  RuntimeFunction function;
  llvm::StringLiteral name;
  char result;
  llvm::StringLiteral params;
};

constexpr RuntimeSignature kRuntimeSignatures[] = {
    {RuntimeFunction::DefaultContext, "qgrad_rt_default_context", 'p', ""},
    {RuntimeFunction::Allocate, "qgrad_rt_allocate", 'i', "pi"},
    {RuntimeFunction::NumQubits, "qgrad_rt_num_qubits", 'i', "p"},
    {RuntimeFunction::Apply, "qgrad_rt_apply", 'i', "pippii"},
    {RuntimeFunction::ObsNamed, "qgrad_rt_obs_named", 'i', "pii"},
    {RuntimeFunction::ObsHermitian, "qgrad_rt_obs_hermitian", 'i', "pppi"},
    {RuntimeFunction::ObsTensor, "qgrad_rt_obs_tensor", 'i', "ppi"},
    {RuntimeFunction::ObsHamiltonian, "qgrad_rt_obs_hamiltonian", 'i', "pppi"},
    {RuntimeFunction::ObsClear, "qgrad_rt_obs_clear", 'i', "p"},
    {RuntimeFunction::Expval, "qgrad_rt_expval", 'f', "pi"},
    {RuntimeFunction::Var, "qgrad_rt_var", 'f', "pi"},
    {RuntimeFunction::Probs, "qgrad_rt_probs", 'i', "ppip"},
    {RuntimeFunction::State, "qgrad_rt_state", 'i', "pp"},
    {RuntimeFunction::Sample, "qgrad_rt_sample", 'i', "ppiiip"},
    {RuntimeFunction::Counts, "qgrad_rt_counts", 'i', "ppiiip"},
    {RuntimeFunction::Measure, "qgrad_rt_measure", 'i', "pii"},
};

const RuntimeSignature &signatureOf(RuntimeFunction function) {
  const auto *it =
      llvm::find_if(kRuntimeSignatures, [&](const RuntimeSignature &s) {
        return s.function == function;
      });
  assert(it != std::end(kRuntimeSignatures) && "runtime function not listed");
  return *it;
}

Type typeOfLetter(MLIRContext *context, char letter) {
  switch (letter) {
  case 'p':
    return LLVM::LLVMPointerType::get(context);
  case 'i':
    return IntegerType::get(context, 64);
  case 'f':
    return Float64Type::get(context);
  default:
    return Type();
  }
}

FunctionType functionTypeOf(MLIRContext *context, const RuntimeSignature &s) {
  SmallVector<Type> params;
  for (char letter : s.params)
    params.push_back(typeOfLetter(context, letter));
  SmallVector<Type, 1> results;
  if (Type result = typeOfLetter(context, s.result))
    results.push_back(result);
  return FunctionType::get(context, params, results);
}

} // namespace

void qgrad::quantum::lowering::declareRuntimeFunctions(ModuleOp module) {
  OpBuilder builder(module.getBodyRegion());
  for (const RuntimeSignature &s : kRuntimeSignatures) {
    if (module.lookupSymbol(s.name))
      continue;
    auto decl = func::FuncOp::create(builder, module.getLoc(), s.name,
                                     functionTypeOf(module.getContext(), s));
    decl.setPrivate();
  }
}

void qgrad::quantum::lowering::eraseUnusedRuntimeDeclarations(ModuleOp module) {
  for (const RuntimeSignature &s : kRuntimeSignatures) {
    auto decl = module.lookupSymbol<func::FuncOp>(s.name);
    if (decl && decl.isExternal() &&
        SymbolTable::symbolKnownUseEmpty(decl, module))
      decl.erase();
  }
}

RuntimeBuilder::RuntimeBuilder(ConversionPatternRewriter &rewriter,
                               Operation *op, const LoweringState &state)
    : rewriter(rewriter), loc(op->getLoc()),
      context(state.contexts.lookup(
          op->getParentOfType<func::FuncOp>().getOperation())) {
  rewriter.setInsertionPoint(op);
}

Value RuntimeBuilder::call(RuntimeFunction function, ValueRange args) {
  const RuntimeSignature &s = signatureOf(function);
  FunctionType type = functionTypeOf(rewriter.getContext(), s);
  SmallVector<Value> operands;
  if (function != RuntimeFunction::DefaultContext)
    operands.push_back(context);
  llvm::append_range(operands, args);
  auto call =
      func::CallOp::create(rewriter, loc, s.name, type.getResults(), operands);
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
