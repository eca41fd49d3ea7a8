//===- RuntimeAPI.cpp - The qgrad runtime's C API as func.func ------------===//

#include "qgrad/Dialect/Quantum/Utils/RuntimeAPI.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace qgrad::quantum;

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
    {RuntimeFunction::TapeStart, "qgrad_rt_tape_start", 'i', "p"},
    {RuntimeFunction::TapeStop, "qgrad_rt_tape_stop", 'i', "p"},
    {RuntimeFunction::AdjointJacobian, "qgrad_rt_adjoint_jacobian", 'i',
     "ppipi"},
    {RuntimeFunction::ParallelFor, "qgrad_rt_parallel_for", 'i', "pipp"},
    {RuntimeFunction::ParallelForOutputs, "qgrad_rt_parallel_for_outputs", 'i',
     "pippip"},
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

func::FuncOp declare(OpBuilder &builder, ModuleOp module,
                     const RuntimeSignature &s, SymbolTable *symbols) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(s.name))
    return existing;
  auto decl = func::FuncOp::create(builder, module.getLoc(), s.name,
                                   functionTypeOf(module.getContext(), s));
  decl.setPrivate();
  if (symbols)
    symbols->insert(decl);
  return decl;
}

} // namespace

llvm::StringRef qgrad::quantum::runtimeFunctionName(RuntimeFunction fn) {
  return signatureOf(fn).name;
}

FunctionType qgrad::quantum::runtimeFunctionType(MLIRContext *context,
                                                 RuntimeFunction fn) {
  return functionTypeOf(context, signatureOf(fn));
}

func::FuncOp qgrad::quantum::declareRuntimeFunction(ModuleOp module,
                                                    RuntimeFunction fn,
                                                    SymbolTable *symbols) {
  OpBuilder builder(module.getContext());
  builder.setInsertionPointToStart(module.getBody());
  return declare(builder, module, signatureOf(fn), symbols);
}

// In the table's order, before the module's first op.
void qgrad::quantum::declareRuntimeFunctions(ModuleOp module) {
  OpBuilder builder(module.getBodyRegion());
  for (const RuntimeSignature &s : kRuntimeSignatures)
    declare(builder, module, s, nullptr);
}

void qgrad::quantum::eraseUnusedRuntimeDeclarations(ModuleOp module) {
  for (const RuntimeSignature &s : kRuntimeSignatures) {
    auto decl = module.lookupSymbol<func::FuncOp>(s.name);
    if (decl && decl.isExternal() &&
        SymbolTable::symbolKnownUseEmpty(decl, module))
      decl.erase();
  }
}
