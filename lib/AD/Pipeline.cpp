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

// Runs the default O2 module pipeline, with or without vectorization.
void runO2(Module &M, TargetMachine *TM, bool Vectorize) {
  PipelineTuningOptions PTO;
  PTO.LoopVectorization = Vectorize;
  PTO.SLPVectorization = Vectorize;
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB(TM, PTO);
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM =
      PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  MPM.run(M, MAM);
}

// A module pass running one optimisation stage, for buildPipeline.
struct StagePass : PassInfoMixin<StagePass> {
  TargetMachine *TM;
  bool Vectorize;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    runO2(M, TM, Vectorize);
    MAM.invalidate(M, PreservedAnalyses::none());
    return PreservedAnalyses::none();
  }
  static bool isRequired() { return true; }
};

} // namespace

void runPreOptimization(Module &M, TargetMachine *TM) {
  protectRegisteredFunctions(M);
  runO2(M, TM, /*Vectorize=*/false);
}

Error runAD(Module &M, const Options &Opts) {
  return differentiateModule(M, Opts);
}

void runPostOptimization(Module &M, TargetMachine *TM) {
  runO2(M, TM, /*Vectorize=*/true);
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
    MPM.addPass(StagePass{{}, TM, false});
  MPM.addPass(ADPass(Opts.AD));
  if (Opts.PostOptimize)
    MPM.addPass(StagePass{{}, TM, true});
}

} // namespace qgrad::ad
