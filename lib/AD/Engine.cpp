//===- Engine.cpp - The AD engine's public interface ----------------------===//

#include "qgrad/AD/Engine.h"

#include "qgrad/AD/EntryPointLowering.h"
#include "qgrad/AD/GradientSynthesis.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace qgrad::ad {

bool moduleNeedsAD(const Module &M) {
  for (const Function &F : M)
    if (F.isDeclaration() && isEntryPointName(F.getName()) && !F.use_empty())
      return true;
  return false;
}

Error differentiateModule(Module &M, const Options &Opts) {
  GradientEngine Engine(M);
  lowerEntryPoints(M, Engine);
  Engine.finish();
  removeMarkers(M);
  if (Opts.Verbose)
    for (Function &F : M)
      if (F.getName().starts_with("__qgrad_grad_") ||
          F.getName().starts_with("__qgrad_aug_") ||
          F.getName().starts_with("__qgrad_rev_"))
        errs() << "qgrad-ad: synthesized " << F.getName() << "\n";
  return Engine.diagnostics().take();
}

} // namespace qgrad::ad
