//===- Fusion.h - Merging kernel ops before they run -----------*- C++ -*-===//
//
// The executor rewrites an op sequence before it runs it: gates on one bit
// merge into one matrix, a CNOT absorbs the one-bit gates on its target, and
// neighbouring one-bit gates on different bits pair up. Every rewrite keeps
// the product of the sequence: an op only moves past ops on other bits.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_FUSION_H
#define QGRAD_RUNTIME_FUSION_H

#include "qgrad/Runtime/KernelOp.h"

#include <vector>

namespace qgrad::rt {

/// Merges one-bit ops without controls that act on the same bit with nothing
/// else on that bit in between into one dense 2x2 op, and a CNOT with such
/// ops on its target into one Matrix1Cond.
std::vector<KernelOp> fuseOneBitOps(const std::vector<KernelOp> &ops);

/// Merges neighbouring dense one-bit ops on different bits into Matrix1Pair
/// ops, which update both bits while the amplitudes are in registers.
std::vector<KernelOp> pairOneBitOps(const std::vector<KernelOp> &ops);

/// Adjoint sweeps: folds a CNOT (an X on target t, one control c > t)
/// into the two adjoint steps on t that follow it (the first two ops after
/// it that touch t, if they are Deriv1 rotations that run as one pass):
/// the steps move back to the CNOT (they only pass ops on other bits) and
/// the first one takes c as targets[1], meaning "X on t where bit c is 1,
/// then the step". The paired step applies that X as it loads the pairs
/// (the two halves of a run in exchanged order, or, for a target on bit 0
/// or 1, a lane permutation), so the CNOT costs no pass of its own.
std::vector<KernelOp> foldSwapsIntoDerivs(const std::vector<KernelOp> &ops);

} // namespace qgrad::rt

#endif
