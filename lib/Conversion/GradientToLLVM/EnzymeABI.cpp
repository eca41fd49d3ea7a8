//===- EnzymeABI.cpp - Symbols of the AD engine's C ABI -------------------===//

#include "EnzymeABI.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

// New declarations go to the top of the module, where a reader of the IR
// expects external symbols.
OpBuilder atModuleStart(OpBuilder &builder, ModuleOp module) {
  OpBuilder top(builder.getContext(), builder.getListener());
  top.setInsertionPointToStart(module.getBody());
  return top;
}

std::string typeSuffix(TypeRange types) {
  std::string suffix;
  llvm::raw_string_ostream os(suffix);
  for (Type type : types)
    os << "_" << type;
  return suffix;
}

} // namespace

FailureOr<Value> getMarkerAddress(OpBuilder &builder, Operation *user,
                                  ModuleOp module, StringRef marker) {
  Type i32 = builder.getI32Type();
  Operation *existing = SymbolTable::lookupSymbolIn(module, marker);
  auto global = dyn_cast_or_null<LLVM::GlobalOp>(existing);
  if (existing && !global)
    return user->emitOpError("cannot declare the activity marker '@")
           << marker << "': the name is taken by a '" << existing->getName()
           << "'";
  if (!global) {
    OpBuilder top = atModuleStart(builder, module);
    global = LLVM::GlobalOp::create(top, module.getLoc(), i32,
                                    /*isConstant=*/false,
                                    LLVM::Linkage::External, marker,
                                    /*value=*/Attribute());
  }
  return LLVM::AddressOfOp::create(builder, user->getLoc(), global).getResult();
}

Type getAutodiffResultType(MLIRContext *context, TypeRange derivativeTypes) {
  Type f64 = Float64Type::get(context);
  if (derivativeTypes.empty())
    return f64;
  if (derivativeTypes.size() == 1)
    return derivativeTypes.front();
  return LLVM::LLVMStructType::getLiteral(context,
                                          llvm::to_vector(derivativeTypes));
}

FailureOr<LLVM::LLVMFuncOp> getAutodiffEntry(OpBuilder &builder,
                                             Operation *user, ModuleOp module,
                                             TypeRange derivativeTypes) {
  MLIRContext *context = builder.getContext();
  Type resultType = getAutodiffResultType(context, derivativeTypes);
  std::string name = kAutodiffEntry.str();
  if (resultType != Float64Type::get(context))
    name += typeSuffix(derivativeTypes);
  auto type = LLVM::LLVMFunctionType::get(
      resultType, {LLVM::LLVMPointerType::get(context)}, /*isVarArg=*/true);

  Operation *existing = SymbolTable::lookupSymbolIn(module, name);
  auto entry = dyn_cast_or_null<LLVM::LLVMFuncOp>(existing);
  if (existing && (!entry || entry.getFunctionType() != type)) {
    InFlightDiagnostic diag = user->emitOpError("cannot declare '@")
                              << name << "' as " << type
                              << ": the name is taken by a '"
                              << existing->getName() << "'";
    if (entry)
      diag << " of type " << entry.getFunctionType();
    return diag;
  }
  if (entry)
    return entry;
  OpBuilder top = atModuleStart(builder, module);
  return LLVM::LLVMFuncOp::create(top, module.getLoc(), name, type);
}

} // namespace qgrad::gradient_to_llvm
