//===- qgrad/AD/Pipeline.h - Optimisation around the AD pass ----*- C++ -*-===//
//
// The pipeline of docs/ad-engine.md: the O2 simplification pipeline (clean SSA
// for the engine), the AD transformation, then full O2 over the result. The
// three stages are separately callable so that drivers can time each one.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_PIPELINE_H
#define QGRAD_AD_PIPELINE_H

#include "qgrad/AD/Engine.h"

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
class PassBuilder;
class TargetMachine;
} // namespace llvm

namespace qgrad::ad {

struct PipelineOptions {
  bool PreOptimize = true;  // O2 simplification pipeline before AD
  bool PostOptimize = true; // full O2 after AD
  Options AD;
};

/// Stage 1: the O2 module simplification pipeline (no vectorizers, no runtime
/// unrolling), what clang gives the plugin at OptimizerEarly.
void runPreOptimization(llvm::Module &M, llvm::TargetMachine *TM = nullptr);
/// Stage 2: the AD transformation alone (= differentiateModule).
llvm::Error runAD(llvm::Module &M, const Options &Opts = {});
/// Stage 3: full O2.
void runPostOptimization(llvm::Module &M, llvm::TargetMachine *TM = nullptr);

/// All three stages; the optimisation stages are skipped as Opts says, and
/// all of them when the module asks for no gradient.
llvm::Error runPipeline(llvm::Module &M, const PipelineOptions &Opts,
                        llvm::TargetMachine *TM = nullptr);

/// Appends the three stages to MPM (for a driver's own pass manager). AD
/// errors are reported through the LLVMContext's diagnostic handler.
void buildPipeline(llvm::ModulePassManager &MPM, const PipelineOptions &Opts,
                   llvm::TargetMachine *TM = nullptr);

} // namespace qgrad::ad

#endif // QGRAD_AD_PIPELINE_H
