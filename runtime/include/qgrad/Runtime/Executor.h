//===- Executor.h - Cache-tiled execution of kernel op sequences -*- C++
//-*-===//
//
// A state of 20+ qubits does not fit in cache, so applying gates one at a
// time streams the whole state through memory for every gate. The executor
// instead groups consecutive ops into passes whose ops together touch at most
// `tileBits` index bits. A pass then walks the state in tiles of 2^tileBits
// amplitudes (copied into a buffer when the tile is not contiguous) and runs
// all its ops on each tile while it is in cache.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_EXECUTOR_H
#define QGRAD_RUNTIME_EXECUTOR_H

#include "qgrad/Runtime/Kernels.h"

namespace qgrad::rt {

struct ExecutorOptions {
  int tileBits = 15;         // 2^15 amplitudes = 512 KiB per state
  int minContiguousBits = 4; // tiles are gathered in runs of >= 16 amplitudes
  bool parallel = true;      // OpenMP above kParallelThreshold qubits
};

struct Pass {
  Index bits = 0;     // index bits the ops touch
  bool whole = false; // run on the whole state (op wider than a tile)
  std::vector<KernelOp> ops;
};

/// Splits ops into passes; ops move ahead only past ops on disjoint bits, so
/// the passes compute the same result as the ops in order.
std::vector<Pass> schedulePasses(std::vector<KernelOp> ops, int numBits,
                                 const ExecutorOptions &options);

/// Runs the ops, in order, on every state of the batch.
void runOps(const std::vector<KernelOp> &ops, const StateBatch &batch,
            const ExecutorOptions &options = {});

} // namespace qgrad::rt

#endif
