//===- qgrad/AD/Engine.h - The AD engine's public interface -----*- C++ -*-===//
//
// In-process entry points for drivers: find out whether a module asks for
// gradients, and replace every __enzyme_autodiff* call by a call of a
// synthesized gradient. See docs/ad-engine.md.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_ENGINE_H
#define QGRAD_AD_ENGINE_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace qgrad::ad {

struct Options {
  /// Print a line per synthesized gradient on stderr.
  bool Verbose = false;
};

/// Whether M calls an entry point (__enzyme_autodiff* and relatives).
bool moduleNeedsAD(const llvm::Module &M);

/// Runs only the AD transformation (no optimisation). Every failure comes
/// back as an error naming the function, the instruction and the source line;
/// the module stays valid either way.
llvm::Error differentiateModule(llvm::Module &M, const Options &Opts = {});

} // namespace qgrad::ad

#endif // QGRAD_AD_ENGINE_H
