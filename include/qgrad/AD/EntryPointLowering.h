//===- qgrad/AD/EntryPointLowering.h - __enzyme_autodiff calls --*- C++ -*-===//
//
// Reads the arguments of each __enzyme_autodiff* call (the function, then
// each argument with its optional activity marker and shadow), asks the
// engine for the combined gradient, calls it, and adapts the result to the
// return type the call site declares. Afterwards no use of the marker
// globals remains.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_ENTRYPOINTLOWERING_H
#define QGRAD_AD_ENTRYPOINTLOWERING_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Module;
} // namespace llvm

namespace qgrad::ad {

class GradientEngine;

/// Whether Name is an entry point of Enzyme's C ABI.
bool isEntryPointName(llvm::StringRef Name);

/// Lowers every entry-point call of M; errors go to the engine's collector.
void lowerEntryPoints(llvm::Module &M, GradientEngine &Engine);

/// Removes every use of the marker globals and of the entry-point
/// declarations.
void removeMarkers(llvm::Module &M);

} // namespace qgrad::ad

#endif // QGRAD_AD_ENTRYPOINTLOWERING_H
