//===- Pass.cpp - The AD transformation as an LLVM pass -------------------===//

#include "qgrad/AD/Pass.h"

#include "qgrad/AD/Registration.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

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

} // namespace qgrad::ad
