//===- qgrad/AD/Preprocess.h - Normalizing a function before AD -*- C++ -*-===//
//
// The engine differentiates a private copy of each function: optnone and
// noinline removed (so -O0 code works), stack slots promoted to registers
// (SROA), one return block, no unreachable blocks.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_AD_PREPROCESS_H
#define QGRAD_AD_PREPROCESS_H

namespace llvm {
class Function;
} // namespace llvm

namespace qgrad::ad {

/// A normalized internal copy of F in F's module; the caller deletes it.
llvm::Function *preparePrimal(llvm::Function &F);

} // namespace qgrad::ad

#endif // QGRAD_AD_PREPROCESS_H
