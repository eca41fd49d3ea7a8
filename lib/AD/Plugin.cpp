//===- Plugin.cpp - The AD engine as a pass plugin for clang and opt ------===//
//
//   opt-22 -load-pass-plugin=QgradAD.so -passes=qgrad-ad in.ll
//   clang-22 -O2 -fpass-plugin=QgradAD.so prog.c
//
// In clang the AD pass runs where the optimizer starts, after the
// simplification pipeline and before vectorization; the gradient code is
// then simplified again and optimized with everything else. At -O0 it runs
// as the last pass.
//
//===----------------------------------------------------------------------===//

#include "qgrad/AD/Pass.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

#include <memory>

using namespace llvm;
using namespace qgrad::ad;

namespace {

void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "qgrad-ad") {
          MPM.addPass(ADPass());
          return true;
        }
        if (Name == "qgrad-ad-prepare") {
          MPM.addPass(ADPreparePass());
          return true;
        }
        return false;
      });
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(ADPreparePass());
      });
  PB.registerOptimizerEarlyEPCallback([&PB](ModulePassManager &MPM,
                                            OptimizationLevel Level,
                                            ThinOrFullLTOPhase Phase) {
    if (Level == OptimizationLevel::O0) {
      MPM.addPass(ADPass());
      return;
    }
    auto Simplify = std::make_shared<ModulePassManager>(
        PB.buildModuleSimplificationPipeline(Level, Phase));
    MPM.addPass(ADPass({}, [Simplify](Module &M, ModuleAnalysisManager &MAM) {
      Simplify->run(M, MAM);
    }));
  });
  // Whichever extension point a pipeline reaches first does the work; the
  // second finds no entry point left.
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(ADPass());
      });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "QgradAD", "0.1.0", registerCallbacks};
}
