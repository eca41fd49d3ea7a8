//===- InactiveRegistration.cpp - gradient.inactive functions -------------===//

#include "InactiveRegistration.h"

#include "EnzymeABI.h"
#include "FunctionAddress.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

LogicalResult registerInactive(func::FuncOp function, ModuleOp module) {
  Attribute marker = function->getAttr(kInactiveAttrName);
  if (!isa<UnitAttr>(marker))
    return function.emitOpError() << "'" << kInactiveAttrName
                                  << "' is a unit attribute, got " << marker;
  std::string name = (kInactiveRegistration + "." + function.getName()).str();
  if (Operation *existing = SymbolTable::lookupSymbolIn(module, name))
    return function.emitOpError()
           << "cannot register '@" << function.getName()
           << "' as inactive: the symbol '@" << name << "' is taken by a '"
           << existing->getName() << "'";

  MLIRContext *context = module.getContext();
  auto listType =
      LLVM::LLVMArrayType::get(LLVM::LLVMPointerType::get(context), 1);
  OpBuilder builder(context);
  builder.setInsertionPointAfter(function);
  Location loc = function.getLoc();
  auto global =
      LLVM::GlobalOp::create(builder, loc, listType,
                             /*isConstant=*/true, LLVM::Linkage::External, name,
                             /*value=*/Attribute());
  Block *init = builder.createBlock(&global.getInitializerRegion());
  builder.setInsertionPointToStart(init);
  Value list = LLVM::UndefOp::create(builder, loc, listType);
  Value address = getFunctionAddress(builder, loc, function);
  list = LLVM::InsertValueOp::create(builder, loc, list, address,
                                     ArrayRef<int64_t>{0});
  LLVM::ReturnOp::create(builder, loc, list);
  return success();
}

} // namespace

LogicalResult registerInactiveFunctions(ModuleOp module) {
  bool ok = true;
  for (auto function : module.getOps<func::FuncOp>())
    if (function->hasAttr(kInactiveAttrName))
      ok &= succeeded(registerInactive(function, module));
  return success(ok);
}

} // namespace qgrad::gradient_to_llvm
