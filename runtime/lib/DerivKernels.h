//===- DerivKernels.h - Steps of the adjoint sweep -------------*- C++ -*-===//
#ifndef QGRAD_RUNTIME_LIB_DERIVKERNELS_H
#define QGRAD_RUNTIME_LIB_DERIVKERNELS_H

#include "qgrad/Runtime/Kernels.h"

#include "RunKernels.h"

namespace qgrad::rt {

/// A Deriv1 op: adds Im<lambda_j|G|phi> to each lambda's slot and applies the
/// inverse rotation to phi and every lambda_j.
/// With a map, the op's bits are a tile's local bits and the batch's states
/// are the whole states, of which the op updates that tile in place (the
/// batch's numBits is the tile's bit count).
void runDeriv1(const KernelOp &op, const StateBatch &batch, bool parallel,
               const TileMap *map = nullptr);

/// Whether two Deriv1 ops that follow each other can run as one pass
/// (runDeriv1Pair): the same target, no controls, and each a rotation
/// about X, Y or Z; only the first may carry a folded CNOT (targets[1],
/// above the target: see foldSwapsIntoDerivs).
bool canPairDeriv1(const KernelOp &first, const KernelOp &second);

/// Two Deriv1 ops on the same target in one pass over the pairs: the same
/// as runDeriv1(first) then runDeriv1(second).
void runDeriv1Pair(const KernelOp &first, const KernelOp &second,
                   const StateBatch &batch, bool parallel,
                   const TileMap *map = nullptr);

/// An X on one target under controls (a CNOT, Toffoli, PauliX: a Swap op
/// with one target) on a tile in place: the op's bits are the tile's local
/// bits, the batch holds the whole states and the tile's bit count.
void runSwapTile(const KernelOp &op, const StateBatch &batch,
                 const TileMap &map);

/// A PauliDeriv op: adds Im<lambda_j|G|phi> for a Pauli-sum generator.
void runPauliDeriv(const KernelOp &op, const StateBatch &batch, bool parallel);

} // namespace qgrad::rt

#endif
