//===- qgrad/AD/Preprocess.h - Normalizing a function before AD -*- C++ -*-===//
//
// The engine differentiates a private copy of each function: optnone and
// noinline removed (so -O0 code works), stack slots promoted to registers
// (SROA), one return block, no unreachable blocks.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_PREPROCESS_H
#define QGRAD_AD_PREPROCESS_H

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class Function;
class Type;
} // namespace llvm

namespace qgrad::ad {

/// A normalized internal copy of F in F's module; the caller deletes it.
/// Hints[K] is the floating-point type argument K's memory holds, if known.
llvm::Function *preparePrimal(llvm::Function &F,
                              llvm::ArrayRef<llvm::Type *> Hints = {});

} // namespace qgrad::ad

#endif // QGRAD_AD_PREPROCESS_H
