//===- Pass.cpp - The AD transformation as an LLVM pass -------------------===//

#include "qgrad/AD/Pass.h"

#include "qgrad/AD/Registration.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace qgrad::ad {

PreservedAnalyses ADPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!moduleNeedsAD(M))
    return PreservedAnalyses::all();
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
