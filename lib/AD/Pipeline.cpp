//===- Pipeline.cpp - Optimisation around the AD pass ---------------------===//

#include "qgrad/AD/Pipeline.h"

#include "qgrad/AD/Pass.h"
#include "qgrad/AD/Registration.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace qgrad::ad {
namespace {

// Runs O2: the whole per-module pipeline, or only its simplification part.
// Before AD the engine gets what clang's plugin gives it at OptimizerEarly:
// simplified code (inlining, SROA, loop rotation, full unrolling of small
// constant loops, induction variable simplification) without the optimizer's
// vectorization and runtime unrolling. Both of those rewrite one counted loop
// as several (vector body, remainder, prologue) joined by merge blocks, and
// every merge block inside an outer loop costs a predecessor index on the
// tape per outer iteration; the post-AD O2 vectorizes and unrolls the
// gradient instead.
void runO2(Module &M, TargetMachine *TM, bool SimplifyOnly) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM =
      SimplifyOnly ? PB.buildModuleSimplificationPipeline(
                         OptimizationLevel::O2, ThinOrFullLTOPhase::None)
                   : PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  MPM.run(M, MAM);
}

// A module pass running one optimisation stage, for buildPipeline.
struct StagePass : PassInfoMixin<StagePass> {
  TargetMachine *TM;
  bool SimplifyOnly;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    runO2(M, TM, SimplifyOnly);
    MAM.invalidate(M, PreservedAnalyses::none());
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

} // namespace

void runPreOptimization(Module &M, TargetMachine *TM) {
  protectRegisteredFunctions(M);
  runO2(M, TM, /*SimplifyOnly=*/true);
}

Error runAD(Module &M, const Options &Opts) {
  return differentiateModule(M, Opts);
}

void runPostOptimization(Module &M, TargetMachine *TM) {
  runO2(M, TM, /*SimplifyOnly=*/false);
}

Error runPipeline(Module &M, const PipelineOptions &Opts, TargetMachine *TM) {
  if (!moduleNeedsAD(M))
    return Error::success();
  if (Opts.PreOptimize)
    runPreOptimization(M, TM);
  if (Error Err = runAD(M, Opts.AD))
    return Err;
  if (Opts.PostOptimize)
    runPostOptimization(M, TM);
  return Error::success();
}

void buildPipeline(ModulePassManager &MPM, const PipelineOptions &Opts,
                   TargetMachine *TM) {
  MPM.addPass(ADPreparePass());
  if (Opts.PreOptimize)
    MPM.addPass(StagePass{{}, TM, /*SimplifyOnly=*/true});
  MPM.addPass(ADPass(Opts.AD));
  if (Opts.PostOptimize)
    MPM.addPass(StagePass{{}, TM, /*SimplifyOnly=*/false});
}

} // namespace qgrad::ad
