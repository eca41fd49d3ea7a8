//===- RandomProgram.h - Differentiable LLVM IR from fuzzer bytes -*- C++ -*-=//
//
// fuzz-ad's structure-aware generator: the fuzzer's bytes choose the
// statements of an objective `double f(double *x)` over n inputs, in the
// spirit of test/AD/random/random_programs.py but as LLVM IR built directly,
// so that every byte the fuzzer mutates changes a program the engine must
// understand: libm calls and intrinsics, counted loops carrying values,
// loops with data-dependent exits, branches merging values, local arrays
// rewritten in place, heap buffers copied with memcpy, noinline helpers
// taking values or writing through pointers, and (rarely) a call of an
// unknown external function on an active value, which the engine must
// refuse.
//
// The module also holds the entry points the engine replaces:
//   void gradient(double *x, double *dx)     __enzyme_autodiff(f, dup x dx)
//   double tangent(double *x, double *tx)    __enzyme_fwddiff(f, dup x tx)
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_FUZZ_RANDOMPROGRAM_H
#define QGRAD_FUZZ_RANDOMPROGRAM_H

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <memory>

namespace qgrad::fuzz {

struct RandomProgram {
  std::unique_ptr<llvm::Module> module;
  unsigned numInputs = 0;
  /// The objective calls an unknown external function on an active value:
  /// the engine must refuse it rather than return a gradient.
  bool callsUnknownFunction = false;
};

/// The names of the functions in RandomProgram::module.
inline constexpr const char *kObjectiveName = "f";
inline constexpr const char *kGradientName = "gradient";
inline constexpr const char *kTangentName = "tangent";
inline constexpr const char *kUnknownFunctionName = "qgrad_fuzz_unknown";

RandomProgram buildRandomProgram(FuzzedDataProvider &data,
                                 llvm::LLVMContext &context);

} // namespace qgrad::fuzz

#endif // QGRAD_FUZZ_RANDOMPROGRAM_H
