//===- ParallelFor.cpp - The convert-parallel-for-to-runtime pass ---------===//
//
// A function marked qgrad.parallel_for = @C runs C(operands..., i) for
// i < n; on the LLVM dialect its body becomes one call of
// qgrad_rt_parallel_for over an outlined body that reads the operands from
// a closure on the caller's stack. Working on the LLVM dialect keeps the
// closure trivial: every operand is already a scalar or a pointer (memref
// descriptors are expanded into their fields), so it is a struct of the
// function's own parameter types.
//
// When the function also carries qgrad.parallel_for_columns = K, its last K
// operands before the count are Jacobians (memref<?x?xf64>, seven fields
// each) whose column i iteration i writes; the loop then becomes
// qgrad_rt_parallel_for_outputs with one qgrad_rt_loop_output per Jacobian
// (base, rows, row stride, column stride), so that with MPI the runtime can
// run the iterations on different ranks and gather the columns.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Conversion/QuantumToLLVM/QuantumToLLVM.h"

#include "qgrad/Dialect/Quantum/Utils/RuntimeAPI.h"

#include "mlir/IR/SymbolTable.h"

namespace qgrad {
#define GEN_PASS_DEF_CONVERTPARALLELFORTORUNTIME
#include "qgrad/Conversion/QuantumToLLVM/Passes.h.inc"
} // namespace qgrad

using namespace mlir;
using qgrad::quantum::RuntimeFunction;

namespace {

/// The module's llvm.func declaration of a runtime function, with the
/// table's signature (RuntimeAPI.h).
FailureOr<LLVM::LLVMFuncOp> declareRuntime(ModuleOp module,
                                           SymbolTable &symbols,
                                           RuntimeFunction function) {
  MLIRContext *context = module.getContext();
  StringRef name = qgrad::quantum::runtimeFunctionName(function);
  FunctionType type = qgrad::quantum::runtimeFunctionType(context, function);
  Type result = type.getNumResults() ? type.getResult(0)
                                     : LLVM::LLVMVoidType::get(context);
  auto llvmType = LLVM::LLVMFunctionType::get(result, type.getInputs());
  if (Operation *existing = symbols.lookup(name)) {
    auto fn = dyn_cast<LLVM::LLVMFuncOp>(existing);
    if (!fn || fn.getFunctionType() != llvmType)
      return existing->emitError()
             << "'" << name << "' is not the runtime's " << llvmType;
    return fn;
  }
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto fn = LLVM::LLVMFuncOp::create(b, module.getLoc(), name, llvmType);
  symbols.insert(fn);
  return fn;
}

/// @F.body(closure, i): C(closure fields..., i).
LLVM::LLVMFuncOp outlineBody(LLVM::LLVMFuncOp loop, LLVM::LLVMFuncOp column,
                             LLVM::LLVMStructType closureType,
                             SymbolTable &symbols) {
  MLIRContext *context = loop.getContext();
  Location loc = loop.getLoc();
  auto ptr = LLVM::LLVMPointerType::get(context);
  Type i64 = IntegerType::get(context, 64);
  OpBuilder b(loop);
  b.setInsertionPointAfter(loop);
  auto body = LLVM::LLVMFuncOp::create(
      b, loc, (loop.getSymName() + ".body").str(),
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), {ptr, i64}),
      LLVM::Linkage::Internal);
  symbols.insert(body);
  Block *entry = body.addEntryBlock(b);
  b.setInsertionPointToStart(entry);
  SmallVector<Value> operands;
  for (auto [index, type] : llvm::enumerate(closureType.getBody())) {
    Value field = LLVM::GEPOp::create(
        b, loc, ptr, closureType, entry->getArgument(0),
        ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(index)});
    operands.push_back(LLVM::LoadOp::create(b, loc, type, field));
  }
  operands.push_back(entry->getArgument(1));
  LLVM::CallOp::create(b, loc, column, operands);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
  return body;
}

/// Fields of a memref<?x?xf64> descriptor passed expanded: allocated and
/// aligned pointer, offset, two sizes, two strides.
constexpr unsigned kMatrixFields = 7;

/// The K Jacobians named by qgrad.parallel_for_columns among `params`
/// (the loop's operands without the count), as the index of each one's
/// first field; an error when the operands do not end in K descriptors.
FailureOr<SmallVector<unsigned>> columnOutputs(LLVM::LLVMFuncOp loop,
                                               TypeRange params) {
  Attribute attr = loop->getAttr(qgrad::quantum::kParallelForColumnsAttrName);
  if (!attr)
    return SmallVector<unsigned>();
  auto count = dyn_cast<IntegerAttr>(attr);
  auto isMatrix = [&](TypeRange fields) {
    return llvm::all_of(llvm::enumerate(fields), [](auto field) {
      bool pointer = isa<LLVM::LLVMPointerType>(field.value());
      return field.index() < 2 ? pointer : field.value().isInteger(64);
    });
  };
  SmallVector<unsigned> firsts;
  if (count && count.getInt() >= 0 &&
      static_cast<uint64_t>(count.getInt()) * kMatrixFields <= params.size()) {
    unsigned first = params.size() - count.getInt() * kMatrixFields;
    for (; first < params.size(); first += kMatrixFields) {
      if (!isMatrix(params.slice(first, kMatrixFields)))
        break;
      firsts.push_back(first);
    }
    if (firsts.size() == static_cast<uint64_t>(count.getInt()))
      return firsts;
  }
  return loop.emitError()
         << "'" << qgrad::quantum::kParallelForColumnsAttrName
         << "' must count the memref<?x?xf64> operands (7 fields each) "
            "before the iteration count, got "
         << attr;
}

/// A stack array of `length` (the size of `firsts`) qgrad_rt_loop_output
/// {base, count, stride, iteration_stride}, one per Jacobian: column i of
/// the matrix whose fields start at each index of `firsts`.
Value buildLoopOutputs(OpBuilder &b, Location loc, ValueRange operands,
                       ArrayRef<unsigned> firsts, Value length) {
  MLIRContext *context = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  Type i64 = IntegerType::get(context, 64);
  auto outputType =
      LLVM::LLVMStructType::getLiteral(context, {ptr, i64, i64, i64});
  Value array = LLVM::AllocaOp::create(b, loc, ptr, outputType, length);
  for (auto [k, first] : llvm::enumerate(firsts)) {
    ValueRange matrix = operands.slice(first, kMatrixFields);
    Value base = LLVM::GEPOp::create(b, loc, ptr, b.getF64Type(), matrix[1],
                                     ArrayRef<LLVM::GEPArg>{matrix[2]});
    // count = rows (size 0), stride = row stride, iteration_stride = column
    // stride.
    Value fields[] = {base, matrix[3], matrix[5], matrix[6]};
    for (auto [index, field] : llvm::enumerate(fields)) {
      Value address = LLVM::GEPOp::create(
          b, loc, ptr, outputType, array,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(k),
                                 static_cast<int32_t>(index)});
      LLVM::StoreOp::create(b, loc, field, address);
    }
  }
  return array;
}

LogicalResult lowerParallelFor(LLVM::LLVMFuncOp loop, SymbolTable &symbols,
                               ModuleOp module) {
  auto columnName = loop->getAttrOfType<FlatSymbolRefAttr>(
      qgrad::quantum::kParallelForAttrName);
  if (!columnName)
    return loop.emitError() << "'" << qgrad::quantum::kParallelForAttrName
                            << "' must name a function";
  auto column = symbols.lookup<LLVM::LLVMFuncOp>(columnName.getValue());
  LLVM::LLVMFunctionType type = loop.getFunctionType();
  Type i64 = IntegerType::get(loop.getContext(), 64);
  if (!column || column.getFunctionType() != type || loop.isExternal() ||
      type.getNumParams() == 0 || type.getParams().back() != i64 ||
      !isa<LLVM::LLVMVoidType>(type.getReturnType()) || type.isVarArg())
    return loop.emitError()
           << "a parallel loop needs a body and the type (operands..., i64) "
              "-> void of its iteration "
           << columnName;
  FailureOr<SmallVector<unsigned>> outputs =
      columnOutputs(loop, type.getParams().drop_back());
  if (failed(outputs))
    return failure();
  auto context =
      declareRuntime(module, symbols, RuntimeFunction::DefaultContext);
  auto parallelFor =
      declareRuntime(module, symbols,
                     outputs->empty() ? RuntimeFunction::ParallelFor
                                      : RuntimeFunction::ParallelForOutputs);
  if (failed(context) || failed(parallelFor))
    return failure();

  auto closureType = LLVM::LLVMStructType::getLiteral(
      loop.getContext(), type.getParams().drop_back());
  LLVM::LLVMFuncOp body = outlineBody(loop, column, closureType, symbols);

  // The loop's own body is replaced; its arguments stay.
  Location loc = loop.getLoc();
  Block *entry = &loop.getBody().front();
  for (Block &block : llvm::drop_begin(loop.getBody()))
    block.dropAllDefinedValueUses();
  while (loop.getBody().getBlocks().size() > 1)
    loop.getBody().back().erase();
  entry->clear();
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  auto ptr = LLVM::LLVMPointerType::get(loop.getContext());
  Value one = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
  Value closure = LLVM::AllocaOp::create(b, loc, ptr, closureType, one);
  for (auto [index, operand] :
       llvm::enumerate(entry->getArguments().drop_back())) {
    Value field = LLVM::GEPOp::create(
        b, loc, ptr, closureType, closure,
        ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(index)});
    LLVM::StoreOp::create(b, loc, operand, field);
  }
  Value runtime =
      LLVM::CallOp::create(b, loc, *context, ValueRange{}).getResult();
  Value bodyAddress = LLVM::AddressOfOp::create(b, loc, body);
  // The status needs no check here: a failure is the context's sticky
  // error, which the program's caller reports.
  SmallVector<Value> callOperands{runtime, entry->getArguments().back(),
                                  bodyAddress, closure};
  if (!outputs->empty()) {
    Value count = LLVM::ConstantOp::create(
        b, loc, i64,
        b.getI64IntegerAttr(static_cast<int64_t>(outputs->size())));
    callOperands.push_back(count);
    callOperands.push_back(buildLoopOutputs(
        b, loc, entry->getArguments().drop_back(), *outputs, count));
  }
  LLVM::CallOp::create(b, loc, *parallelFor, callOperands);
  LLVM::ReturnOp::create(b, loc, ValueRange{});
  loop->removeAttr(qgrad::quantum::kParallelForAttrName);
  loop->removeAttr(qgrad::quantum::kParallelForColumnsAttrName);
  return success();
}

struct ConvertParallelForToRuntimePass
    : public qgrad::impl::ConvertParallelForToRuntimeBase<
          ConvertParallelForToRuntimePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::LLVMFuncOp> loops;
    module.walk([&](LLVM::LLVMFuncOp fn) {
      if (fn->hasAttr(qgrad::quantum::kParallelForAttrName))
        loops.push_back(fn);
    });
    if (loops.empty())
      return;
    SymbolTable symbols(module);
    for (LLVM::LLVMFuncOp loop : loops)
      if (failed(lowerParallelFor(loop, symbols, module)))
        return signalPassFailure();
  }
};

} // namespace
