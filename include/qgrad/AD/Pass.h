//===- qgrad/AD/Pass.h - The AD transformation as an LLVM pass --*- C++ -*-===//
#ifndef QGRAD_AD_PASS_H
#define QGRAD_AD_PASS_H

#include "qgrad/AD/Engine.h"

#include "llvm/IR/PassManager.h"

#include <functional>
#include <optional>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace qgrad::ad {

/// Runs differentiateModule; errors go to the LLVMContext's diagnostic
/// handler (clang and opt print them and fail). When AD changed the module,
/// runs the optional Cleanup pipeline over it.
class ADPass : public llvm::PassInfoMixin<ADPass> {
public:
  explicit ADPass(
      Options Opts = {},
      std::function<void(llvm::Module &, llvm::ModuleAnalysisManager &)>
          Cleanup = nullptr)
      : Opts(Opts), Cleanup(std::move(Cleanup)) {}

  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "qgrad-ad"; }

private:
  Options Opts;
  std::function<void(llvm::Module &, llvm::ModuleAnalysisManager &)> Cleanup;
};

/// Keeps functions named by registration globals from being inlined before
/// the AD pass sees them (runs at the start of clang's pipeline).
class ADPreparePass : public llvm::PassInfoMixin<ADPreparePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "qgrad-ad-prepare"; }
};

/// Adds the AD passes to clang's or opt's pipelines: qgrad-ad-prepare where
/// the pipeline starts, qgrad-ad where the optimizer starts (after the
/// simplification pipeline, before vectorization; the gradient code is then
/// simplified again), or last at -O0; and both names for -passes=.
void registerADPasses(llvm::PassBuilder &PB);

} // namespace qgrad::ad

#endif // QGRAD_AD_PASS_H
