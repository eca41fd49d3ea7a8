//===- EngineRegistrations.cpp - Registration globals for the AD engine ---===//

#include "EngineRegistrations.h"

#include "EnzymeABI.h"
#include "FunctionAddress.h"
#include "ModuleSymbols.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

/// Builds the elements of a registration list inside its initializer.
using ElementBuilder = llvm::function_ref<SmallVector<Value>(OpBuilder &)>;

/// A constant external global `name` holding the pointers `elements`
/// builds; an error at `user` when the name is taken.
LogicalResult createPointerList(Operation *user, SymbolTable &symbols,
                                StringRef name, unsigned size,
                                ElementBuilder elements) {
  if (Operation *existing = symbols.lookup(name))
    return user->emitOpError()
           << "cannot create the AD engine registration '@" << name
           << "': the name is taken by a '" << existing->getName() << "'";
  MLIRContext *context = user->getContext();
  auto listType =
      LLVM::LLVMArrayType::get(LLVM::LLVMPointerType::get(context), size);
  Location loc = user->getLoc();
  auto global = createAtModuleStart<LLVM::GlobalOp>(
      symbols, loc, listType, /*isConstant=*/true, LLVM::Linkage::External,
      name, /*value=*/Attribute());
  // Hidden: a shared library written by `qgrad compile` need not export it.
  global.setVisibility_(LLVM::Visibility::Hidden);
  OpBuilder builder(context);
  builder.createBlock(&global.getInitializerRegion());
  Value list = LLVM::UndefOp::create(builder, loc, listType);
  for (auto [index, element] : llvm::enumerate(elements(builder)))
    list = LLVM::InsertValueOp::create(builder, loc, list, element,
                                       ArrayRef<int64_t>{(int64_t)index});
  LLVM::ReturnOp::create(builder, loc, list);
  return success();
}

LogicalResult registerInactive(func::FuncOp function, SymbolTable &symbols) {
  Attribute marker = function->getAttr(kInactiveAttrName);
  if (!isa<UnitAttr>(marker))
    return function.emitOpError() << "'" << kInactiveAttrName
                                  << "' is a unit attribute, got " << marker;
  std::string name = (kInactiveRegistration + "." + function.getName()).str();
  return createPointerList(function, symbols, name, 1, [&](OpBuilder &builder) {
    return SmallVector<Value>{
        getFunctionAddress(builder, function.getLoc(), function)};
  });
}

} // namespace

LogicalResult registerInactiveFunctions(SymbolTable &symbols) {
  bool ok = true;
  auto module = cast<ModuleOp>(symbols.getOp());
  // Registration adds globals to the module: collect the functions first.
  SmallVector<func::FuncOp> inactive;
  for (auto function : module.getOps<func::FuncOp>())
    if (function->hasAttr(kInactiveAttrName))
      inactive.push_back(function);
  for (func::FuncOp function : inactive)
    ok &= succeeded(registerInactive(function, symbols));
  return success(ok);
}

LogicalResult registerAllocationFunctions(SymbolTable &symbols,
                                          Type indexType) {
  // The same declarations finalize-memref-to-llvm looks up later.
  Operation *module = symbols.getOp();
  OpBuilder builder(module->getContext());
  FailureOr<LLVM::LLVMFuncOp> allocate =
      LLVM::lookupOrCreateAlignedAllocFn(builder, module, indexType);
  FailureOr<LLVM::LLVMFuncOp> release =
      LLVM::lookupOrCreateFreeFn(builder, module);
  if (failed(allocate) || failed(release))
    return failure();
  std::string name =
      (kAllocationRegistration + "." + allocate->getName()).str();
  // Not under the registration prefix: the engine reads every global named
  // __enzyme_allocation_like* as a registration.
  std::string specName =
      ("qgrad.deallocation_spec." + allocate->getName()).str();
  if (Operation *existing = symbols.lookup(specName))
    return existing->emitOpError() << "takes the name '@" << specName
                                   << "' that the AD engine registration of '@"
                                   << allocate->getName() << "' needs";
  Location loc = module->getLoc();
  std::string specText = (kFreesResult + Twine('\0')).str();
  auto spec = createAtModuleStart<LLVM::GlobalOp>(
      symbols, loc,
      LLVM::LLVMArrayType::get(builder.getI8Type(), specText.size()),
      /*isConstant=*/true, LLVM::Linkage::Internal, specName,
      builder.getStringAttr(specText));
  // {allocator, index of its size argument, deallocation spec, deallocator}:
  // aligned_alloc(alignment, size) has its size at index 1.
  constexpr int64_t sizeArgument = 1;
  return createPointerList(*allocate, symbols, name, 4, [&](OpBuilder &init) {
    auto ptr = LLVM::LLVMPointerType::get(module->getContext());
    Value sizeIndex =
        LLVM::ConstantOp::create(init, loc, init.getI64Type(), sizeArgument);
    return SmallVector<Value>{
        LLVM::AddressOfOp::create(init, loc, *allocate),
        LLVM::IntToPtrOp::create(init, loc, ptr, sizeIndex),
        LLVM::AddressOfOp::create(init, loc, spec),
        LLVM::AddressOfOp::create(init, loc, *release)};
  });
}

} // namespace qgrad::gradient_to_llvm
