//===- EnzymeABI.cpp - Symbols of the AD engine's C ABI -------------------===//

#include "EnzymeABI.h"

#include "ModuleSymbols.h"

using namespace mlir;

namespace qgrad::gradient_to_llvm {

namespace {

std::string typeSuffix(TypeRange types) {
  std::string suffix;
  llvm::raw_string_ostream os(suffix);
  for (Type type : types)
    os << "_" << type;
  return suffix;
}

} // namespace

FailureOr<Value> getMarkerAddress(OpBuilder &builder, Operation *user,
                                  SymbolTable &symbols, StringRef marker) {
  Operation *existing = symbols.lookup(marker);
  auto global = dyn_cast_or_null<LLVM::GlobalOp>(existing);
  if (existing && !global)
    return user->emitOpError("cannot declare the activity marker '@")
           << marker << "': the name is taken by a '" << existing->getName()
           << "'";
  if (!global)
    global = createAtModuleStart<LLVM::GlobalOp>(
        symbols, symbols.getOp()->getLoc(), builder.getI32Type(),
        /*isConstant=*/false, LLVM::Linkage::External, marker,
        /*value=*/Attribute());
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

namespace {

/// Declares the vararg entry point `name` of `type`, or returns the
/// declaration already there; an error at `user` when the name is taken.
FailureOr<LLVM::LLVMFuncOp> declareEntry(Operation *user, SymbolTable &symbols,
                                         StringRef name,
                                         LLVM::LLVMFunctionType type) {
  Operation *existing = symbols.lookup(name);
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
  return createAtModuleStart<LLVM::LLVMFuncOp>(
      symbols, symbols.getOp()->getLoc(), name, type);
}

} // namespace

FailureOr<LLVM::LLVMFuncOp> getAutodiffEntry(Operation *user,
                                             SymbolTable &symbols,
                                             TypeRange derivativeTypes) {
  MLIRContext *context = user->getContext();
  Type resultType = getAutodiffResultType(context, derivativeTypes);
  std::string name = kAutodiffEntry.str();
  if (resultType != Float64Type::get(context))
    name += typeSuffix(derivativeTypes);
  return declareEntry(user, symbols, name,
                      LLVM::LLVMFunctionType::get(
                          resultType, {LLVM::LLVMPointerType::get(context)},
                          /*isVarArg=*/true));
}

FailureOr<LLVM::LLVMFuncOp> getForwardEntry(Operation *user,
                                            SymbolTable &symbols) {
  MLIRContext *context = user->getContext();
  return declareEntry(
      user, symbols, (kForwardEntry + "_void").str(),
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {LLVM::LLVMPointerType::get(context)},
                                  /*isVarArg=*/true));
}

} // namespace qgrad::gradient_to_llvm
