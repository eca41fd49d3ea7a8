//===- BlockKernels.h - One-bit ops applied together in registers -*- C++
//-*-===//
//
// A tiled pass runs many 2x2 ops on a tile in L2. One op at a time, each op
// streams the tile through L1 and the registers once, and a 2x2 kernel is
// then bound by L2 bandwidth (about 1 cycle per amplitude here), not by its
// 8 multiply-adds per amplitude. A block applies a run of consecutive
// one-bit ops (2x2 matrices, optionally chosen by another index bit: a CNOT
// fused with a rotation) to a group of amplitudes held in registers: the
// 2^r vectors that differ in the r targets above bit 1 (targets on bits 0
// and 1 are inside each vector), so the tile passes through the registers
// once per block instead of once per op.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_LIB_BLOCKKERNELS_H
#define QGRAD_RUNTIME_LIB_BLOCKKERNELS_H

#include "qgrad/Runtime/Kernels.h"

#include <memory>
#include <vector>

namespace qgrad::rt {

/// At most this many targets above bit 1 in one block: 2^3 vectors of 4
/// amplitudes stay in registers with room for the products.
constexpr int kBlockSlotBits = 3;

/// One 2x2 of a block: m0 on bit `target`, except where bit `select` is 1,
/// where m1 applies (select -1: m0 everywhere).
struct BlockStep {
  int target = 0;
  int select = -1;
  Complex m0[4] = {}, m1[4] = {};
};

/// Appends the steps of an op that a block can hold (Matrix1 without
/// controls, Matrix1Cond, Matrix1Pair) and returns true; false otherwise.
bool appendBlockSteps(const KernelOp &op, std::vector<BlockStep> &steps);

struct StepPlan;

/// A block prepared to run: the steps with their matrices in vector form.
class BlockKernel {
public:
  explicit BlockKernel(std::vector<BlockStep> steps);
  ~BlockKernel();
  BlockKernel(BlockKernel &&) noexcept;

  /// Applies the steps, in order, to the amplitudes of state whose index is
  /// base plus any combination of the bits of `tile`, which must include
  /// bits 0 and 1 and every bit of the steps (a select bit may be outside:
  /// it is read from base). With tile = all bits and base 0 it updates the
  /// whole state.
  void run(Complex *state, Index tile, Index base, bool parallel) const;

private:
  std::vector<StepPlan> plan_;
  Index slotMask_ = 0;
  int slots_ = 0;
  Index offset_[1 << kBlockSlotBits] = {};
};

/// An op sequence cut into items: a block of consecutive blockable ops, or
/// one op that runs alone (op != nullptr).
struct OpBlock {
  const KernelOp *op = nullptr;
  std::unique_ptr<BlockKernel> block;
  const KernelOp *second = nullptr; // a Deriv1 that runs with op in one pass
};

/// Cuts ops (on a state of numBits bits) into blocks of consecutive
/// blockable ops with at most kBlockSlotBits targets above bit 1 and ops
/// that run alone. A block holds at least two ops, or one with
/// singlesAsBlocks. Two adjoint steps on one target that canPairDeriv1
/// accepts become one item. The items reference ops.
std::vector<OpBlock> planBlocks(const std::vector<KernelOp> &ops, int numBits,
                                bool singlesAsBlocks = false);

/// True when every op can be part of a block (planBlocks with
/// singlesAsBlocks then gives blocks only).
bool allBlockable(const std::vector<KernelOp> &ops);

/// Runs the items of planBlocks in order on every state of the batch.
void runPlan(const std::vector<OpBlock> &plan, const StateBatch &batch,
             bool parallel);

} // namespace qgrad::rt

#endif
