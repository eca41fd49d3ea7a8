//===- Pass.cpp - The AD transformation as an LLVM pass -------------------===//

#include "qgrad/AD/Pass.h"

#include "qgrad/AD/Registration.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

using namespace llvm;

namespace qgrad::ad {

// What the engine is given depends on where the pipeline runs it (clang's
// OptimizerEarly, qgrad-ad's pre-O2, the driver); this shows it.
static cl::opt<bool>
    PrintBeforeAD("qgrad-ad-print-before", cl::Hidden,
                  cl::desc("Print the module to stderr before AD runs"));

PreservedAnalyses ADPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!moduleNeedsAD(M))
    return PreservedAnalyses::all();
  if (PrintBeforeAD)
    M.print(errs(), nullptr);
  if (Error Err = differentiateModule(M, Opts)) {
    handleAllErrors(std::move(Err), [&](const ErrorInfoBase &E) {
      std::string Message = E.message();
      M.getContext().diagnose(DiagnosticInfoGeneric(Message, DS_Error));
    });
  }
  MAM.invalidate(M, PreservedAnalyses::none());
  if (Cleanup)
    Cleanup(M, MAM);
  return PreservedAnalyses::none();
}

PreservedAnalyses ADPreparePass::run(Module &M, ModuleAnalysisManager &) {
  return protectRegisteredFunctions(M) ? PreservedAnalyses::none()
                                       : PreservedAnalyses::all();
}

void registerADPasses(PassBuilder &PB) {
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

} // namespace qgrad::ad
