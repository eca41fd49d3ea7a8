//===- InterleavedLanes.h - N lanes in one shadow block ---------*- C++ -*-===//
//
// Vector forward mode (VectorTangents.cpp) replicates tangent code once per
// lane. A shadow allocation that the engine makes itself would give each
// lane a block of its own, so the lanes' copies of one tangent live at
// unrelated addresses, every lane needs its own pointer registers, and the
// SLP vectorizer cannot load or store the N lanes at once. When every use
// of such an allocation is an address computation, a load, a store, a
// memset or memcpy among such blocks or its free, its lanes share one
// block instead, interleaved element by element:
// byte offset o of lane L moves to N * o + L * s, where s is the one size of
// every access. The N lanes of one element are then contiguous.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_AD_INTERLEAVEDLANES_H
#define QGRAD_AD_INTERLEAVEDLANES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/IntrinsicInst.h"

namespace qgrad::ad {

class InterleavedLanes {
public:
  /// Finds the shadow allocations of \p Narrow (the width-one tangent
  /// function) whose \p Width lanes can share one interleaved block.
  InterleavedLanes(llvm::Function &Narrow, unsigned Width,
                   llvm::function_ref<bool(const llvm::Value *)> IsLane);

  /// Whether the lane clones of \p I need adjust().
  bool affects(const llvm::Instruction &I) const {
    return Affected.contains(&I);
  }

  /// Turns \p Clone, lane \p Lane's remapped clone of \p I, into the
  /// interleaved form and returns what lane \p Lane maps \p I to (null: the
  /// clone was dropped). \p LaneZero is lane 0's value for \p I.
  llvm::Value *adjust(const llvm::Instruction &I, llvm::Instruction *Clone,
                      unsigned Lane, llvm::Value *LaneZero);

  /// Whether \p I is a memset, memcpy or memmove of interleaved blocks:
  /// one call serves every lane, where all lanes' code before it is done.
  bool isTransfer(const llvm::Instruction &I) const {
    return Transfers.contains(&I);
  }

  /// Turns lane 0's clone of a transfer into the one for every lane.
  void widenTransfer(llvm::MemIntrinsic &Clone) const;

  /// Asks the loop vectorizer to leave the loops of \p Wide that access an
  /// interleaved block to the SLP vectorizer.
  void keepLoopsScalar(llvm::Function &Wide) const;

private:
  unsigned Width;
  /// Each affected instruction, with the access size s of its allocation.
  llvm::DenseMap<const llvm::Instruction *, uint64_t> Affected;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 8> AccessBlocks;
  llvm::SmallPtrSet<const llvm::Instruction *, 4> Transfers;
  /// Each interleaved allocation's one block (lane 0's clone).
  llvm::DenseMap<const llvm::Value *, llvm::Value *> Bases;
};

} // namespace qgrad::ad

#endif
