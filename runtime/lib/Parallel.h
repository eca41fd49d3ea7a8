//===- Parallel.h - Worker contexts of qgrad_rt_parallel_for ---*- C++ -*-===//
//
// What the C API needs from the parallel-for (Parallel.cpp): the context an
// iteration running on a worker uses as its default context, and the
// largest register allocated on this thread (to decide whether iterations
// may run side by side).
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_LIB_PARALLEL_H
#define QGRAD_RUNTIME_LIB_PARALLEL_H

#include "qgrad_rt.h"

namespace qgrad::rt {

/// The context of the iteration of qgrad_rt_parallel_for running on this
/// thread (the loop's context on the caller, a worker context on the other
/// threads), or null outside such an iteration.
qgrad_rt_context *currentWorkerContext();

/// Records that `numQubits` qubits were allocated on this thread.
void noteAllocation(int64_t numQubits);

} // namespace qgrad::rt

#endif // QGRAD_RUNTIME_LIB_PARALLEL_H
