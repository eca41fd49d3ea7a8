//===- EngineRegistrations.cpp - Registration globals for the AD engine ---===//

#include "EngineRegistrations.h"

#include "EnzymeABI.h"
#include "FunctionAddress.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

/// Builds the elements of a registration list inside its initializer.
using ElementBuilder = llvm::function_ref<SmallVector<Value>(OpBuilder &)>;

/// A constant external global `name` holding the pointers `elements`
/// builds, after `anchor`; an error at `user` when the name is taken.
LogicalResult createPointerList(Operation *user, Operation *anchor,
                                ModuleOp module, StringRef name, unsigned size,
                                ElementBuilder elements) {
  if (Operation *existing = SymbolTable::lookupSymbolIn(module, name))
    return user->emitOpError()
           << "cannot create the AD engine registration '@" << name
           << "': the name is taken by a '" << existing->getName() << "'";
  MLIRContext *context = module.getContext();
  auto listType =
      LLVM::LLVMArrayType::get(LLVM::LLVMPointerType::get(context), size);
  OpBuilder builder(context);
  builder.setInsertionPointAfter(anchor);
  Location loc = user->getLoc();
  auto global =
      LLVM::GlobalOp::create(builder, loc, listType,
                             /*isConstant=*/true, LLVM::Linkage::External, name,
                             /*value=*/Attribute());
  builder.createBlock(&global.getInitializerRegion());
  Value list = LLVM::UndefOp::create(builder, loc, listType);
  for (auto [index, element] : llvm::enumerate(elements(builder)))
    list = LLVM::InsertValueOp::create(builder, loc, list, element,
                                       ArrayRef<int64_t>{(int64_t)index});
  LLVM::ReturnOp::create(builder, loc, list);
  return success();
}

LogicalResult registerInactive(func::FuncOp function, ModuleOp module) {
  Attribute marker = function->getAttr(kInactiveAttrName);
  if (!isa<UnitAttr>(marker))
    return function.emitOpError() << "'" << kInactiveAttrName
                                  << "' is a unit attribute, got " << marker;
  std::string name = (kInactiveRegistration + "." + function.getName()).str();
  return createPointerList(
      function, function, module, name, 1, [&](OpBuilder &builder) {
        return SmallVector<Value>{
            getFunctionAddress(builder, function.getLoc(), function)};
      });
}

} // namespace

LogicalResult registerInactiveFunctions(ModuleOp module) {
  bool ok = true;
  for (auto function : module.getOps<func::FuncOp>())
    if (function->hasAttr(kInactiveAttrName))
      ok &= succeeded(registerInactive(function, module));
  return success(ok);
}

LogicalResult registerAllocationFunctions(ModuleOp module, Type indexType) {
  // The same declarations finalize-memref-to-llvm looks up later.
  OpBuilder builder(module.getContext());
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
  if (Operation *existing = SymbolTable::lookupSymbolIn(module, specName))
    return existing->emitOpError() << "takes the name '@" << specName
                                   << "' that the AD engine registration of '@"
                                   << allocate->getName() << "' needs";
  Location loc = module.getLoc();
  builder.setInsertionPointAfter(*release);
  std::string specText = (kFreesResult + Twine('\0')).str();
  auto spec = LLVM::GlobalOp::create(
      builder, loc,
      LLVM::LLVMArrayType::get(builder.getI8Type(), specText.size()),
      /*isConstant=*/true, LLVM::Linkage::Internal, specName,
      builder.getStringAttr(specText));
  // aligned_alloc(alignment, size): the size is argument 1.
  constexpr int64_t sizeArgument = 1;
  return createPointerList(
      *allocate, spec, module, name, 4, [&](OpBuilder &init) {
        auto ptr = LLVM::LLVMPointerType::get(module.getContext());
        Value sizeIndex = LLVM::ConstantOp::create(init, loc, init.getI64Type(),
                                                   sizeArgument);
        return SmallVector<Value>{
            LLVM::AddressOfOp::create(init, loc, *allocate),
            LLVM::IntToPtrOp::create(init, loc, ptr, sizeIndex),
            LLVM::AddressOfOp::create(init, loc, spec),
            LLVM::AddressOfOp::create(init, loc, *release)};
      });
}

} // namespace qgrad::gradient_to_llvm
