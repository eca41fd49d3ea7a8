//===- Parallel.h - Worker contexts of qgrad_rt_parallel_for ---*- C++ -*-===//
//
// What the C API needs from the parallel-for (Parallel.cpp): the context an
// iteration running on a worker uses as its default context, and the
// largest register allocated on this thread (to decide whether iterations
// may run side by side); and from the C API, what a context is distributed
// over (to decide whether iterations may be spread over ranks).
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_LIB_PARALLEL_H
#define QGRAD_RUNTIME_LIB_PARALLEL_H

#include "qgrad_rt.h"

#include <memory>

namespace qgrad::rt {

class Communicator;

/// The context of the iteration of qgrad_rt_parallel_for running on this
/// thread (the loop's context on the caller, a worker context on the other
/// threads), or null outside such an iteration.
qgrad_rt_context *currentWorkerContext();

/// Records that `numQubits` qubits were allocated on this thread.
void noteAllocation(int64_t numQubits);

/// The ranks ctx's registers are split over (qgrad_rt_mpi_init), or null
/// (CApi.cpp, which owns the context).
std::shared_ptr<Communicator> contextCommunicator(qgrad_rt_context *ctx);

/// The qubits of the last register of at least one qubit ctx allocated (0
/// before any).
int64_t contextQubits(qgrad_rt_context *ctx);

} // namespace qgrad::rt

#endif // QGRAD_RUNTIME_LIB_PARALLEL_H
