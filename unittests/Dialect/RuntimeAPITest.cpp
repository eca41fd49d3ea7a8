//===- RuntimeAPITest.cpp - The runtime table against qgrad_rt.h ----------===//
//
// The func.func signatures that lowered code declares for the runtime must
// be the C prototypes of qgrad_rt.h; a mismatch would be undefined
// behaviour at run time, not a compile error. The expected signatures are
// derived from the C declarations themselves.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Dialect/Quantum/Utils/RuntimeAPI.h"

#include "qgrad_rt.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

using namespace mlir;
using namespace qgrad::quantum;

namespace {

// One letter per C type, as lowered code passes it.
template <typename T> char letterOf() {
  if constexpr (std::is_pointer_v<T>)
    return 'p';
  else if constexpr (std::is_same_v<T, int64_t>)
    return 'i';
  else if constexpr (std::is_same_v<T, double>)
    return 'f';
  else
    return '?';
}

// The letters of a C function type (its declaration only: no symbol is
// needed, the test does not link the runtime).
template <typename F> struct CLetters;
template <typename R, typename... Args> struct CLetters<R(Args...)> {
  static std::string get() {
    return std::string(1, letterOf<R>()) + ":" +
           std::string{letterOf<Args>()...};
  }
};
#define C_LETTERS(fn) CLetters<decltype(fn)>::get()

char letterOf(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 'p';
  if (type.isInteger(64))
    return 'i';
  if (type.isF64())
    return 'f';
  return '?';
}

std::string lettersOf(FunctionType type) {
  std::string text(1, type.getNumResults() ? letterOf(type.getResult(0)) : 'v');
  text += ":";
  for (Type input : type.getInputs())
    text += letterOf(input);
  return text;
}

struct Case {
  RuntimeFunction fn;
  const char *name;
  std::string c;
};

TEST(RuntimeAPI, SignaturesAreTheCPrototypes) {
  MLIRContext context;
  context.loadDialect<LLVM::LLVMDialect>();
  const Case cases[] = {
      {RuntimeFunction::DefaultContext, "qgrad_rt_default_context",
       C_LETTERS(qgrad_rt_default_context)},
      {RuntimeFunction::Allocate, "qgrad_rt_allocate",
       C_LETTERS(qgrad_rt_allocate)},
      {RuntimeFunction::NumQubits, "qgrad_rt_num_qubits",
       C_LETTERS(qgrad_rt_num_qubits)},
      {RuntimeFunction::Apply, "qgrad_rt_apply", C_LETTERS(qgrad_rt_apply)},
      {RuntimeFunction::ObsNamed, "qgrad_rt_obs_named",
       C_LETTERS(qgrad_rt_obs_named)},
      {RuntimeFunction::ObsHermitian, "qgrad_rt_obs_hermitian",
       C_LETTERS(qgrad_rt_obs_hermitian)},
      {RuntimeFunction::ObsTensor, "qgrad_rt_obs_tensor",
       C_LETTERS(qgrad_rt_obs_tensor)},
      {RuntimeFunction::ObsHamiltonian, "qgrad_rt_obs_hamiltonian",
       C_LETTERS(qgrad_rt_obs_hamiltonian)},
      {RuntimeFunction::ObsClear, "qgrad_rt_obs_clear",
       C_LETTERS(qgrad_rt_obs_clear)},
      {RuntimeFunction::Expval, "qgrad_rt_expval", C_LETTERS(qgrad_rt_expval)},
      {RuntimeFunction::Var, "qgrad_rt_var", C_LETTERS(qgrad_rt_var)},
      {RuntimeFunction::Probs, "qgrad_rt_probs", C_LETTERS(qgrad_rt_probs)},
      {RuntimeFunction::State, "qgrad_rt_state", C_LETTERS(qgrad_rt_state)},
      {RuntimeFunction::Sample, "qgrad_rt_sample", C_LETTERS(qgrad_rt_sample)},
      {RuntimeFunction::Counts, "qgrad_rt_counts", C_LETTERS(qgrad_rt_counts)},
      {RuntimeFunction::Measure, "qgrad_rt_measure",
       C_LETTERS(qgrad_rt_measure)},
      {RuntimeFunction::TapeStart, "qgrad_rt_tape_start",
       C_LETTERS(qgrad_rt_tape_start)},
      {RuntimeFunction::TapeStop, "qgrad_rt_tape_stop",
       C_LETTERS(qgrad_rt_tape_stop)},
      {RuntimeFunction::AdjointJacobian, "qgrad_rt_adjoint_jacobian",
       C_LETTERS(qgrad_rt_adjoint_jacobian)},
      {RuntimeFunction::ParallelFor, "qgrad_rt_parallel_for",
       C_LETTERS(qgrad_rt_parallel_for)},
      {RuntimeFunction::ParallelForOutputs, "qgrad_rt_parallel_for_outputs",
       C_LETTERS(qgrad_rt_parallel_for_outputs)},
  };
  for (const Case &c : cases) {
    EXPECT_EQ(runtimeFunctionName(c.fn), c.name);
    EXPECT_EQ(lettersOf(runtimeFunctionType(&context, c.fn)), c.c) << c.name;
  }
}

TEST(RuntimeAPI, DeclaresOnceAndErasesWhatNoCallUses) {
  MLIRContext context;
  context.loadDialect<func::FuncDialect, LLVM::LLVMDialect>();
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  SymbolTable symbols(*module);
  func::FuncOp first =
      declareRuntimeFunction(*module, RuntimeFunction::TapeStart, &symbols);
  func::FuncOp again =
      declareRuntimeFunction(*module, RuntimeFunction::TapeStart, &symbols);
  EXPECT_EQ(first, again);
  EXPECT_TRUE(first.isPrivate());
  EXPECT_EQ(symbols.lookup<func::FuncOp>("qgrad_rt_tape_start"), first);
  declareRuntimeFunctions(*module);
  EXPECT_TRUE(module->lookupSymbol("qgrad_rt_adjoint_jacobian"));
  eraseUnusedRuntimeDeclarations(*module);
  EXPECT_FALSE(module->lookupSymbol("qgrad_rt_tape_start"));
  EXPECT_TRUE(module->getBody()->empty());
}

} // namespace
