//===- Communicator.h - The messages a distributed state needs -*- C++ -*-===//
//
// The distributed state vector (DistributedRegister.h) talks to the other
// ranks only through this interface: pairwise exchanges, sums and
// broadcasts. lib/MpiCommunicator.cpp implements it over MPI_COMM_WORLD when
// the runtime is built with MPI (CMake option QGRAD_RT_MPI); without MPI,
// mpiWorld() throws RuntimeError.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_COMMUNICATOR_H
#define QGRAD_RUNTIME_COMMUNICATOR_H

#include <cstddef>
#include <cstdint>
#include <memory>

namespace qgrad::rt {

class Communicator {
public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// Sends `bytes` bytes to `partner` and receives as many from it.
  virtual void exchange(int partner, const void *send, void *recv,
                        size_t bytes) = 0;
  /// Element-wise sum over all ranks, in place (every rank gets the sum).
  virtual void allreduceSum(double *data, size_t count) = 0;
  /// Copies `bytes` bytes of rank `root` to every rank.
  virtual void broadcast(void *data, size_t bytes, int root) = 0;
  /// Every rank's `bytes` bytes of `send`, in rank order, into `recv`
  /// (size() * bytes bytes) on every rank.
  virtual void allgather(const void *send, void *recv, size_t bytes) = 0;

  /// Waits until `partner` calls this too (an empty exchange): separates
  /// the time a rank waits for its partner from the transfer itself.
  virtual void meet(int partner) = 0;

  /// Bytes this process sent in `exchange` calls and the time spent in them;
  /// the time spent in `meet`.
  uint64_t bytesExchanged = 0;
  double secondsExchanging = 0;
  double secondsWaiting = 0;
};

/// True when the runtime was built with MPI.
bool mpiAvailable();

/// Initialises MPI if nobody did (MPI_Finalize then runs at exit) and
/// returns a communicator over MPI_COMM_WORLD. Throws RuntimeError when the
/// runtime was built without MPI.
std::shared_ptr<Communicator> mpiWorld();

/// This process's rank and the number of ranks of MPI_COMM_WORLD; 0 and 1
/// when MPI is not initialised (or not built in).
int mpiWorldRank();
int mpiWorldSize();

/// True when this process was started by an MPI launcher (mpirun, srun),
/// judged from the environment it set; MPI need not be initialised.
bool startedByMpiLauncher();

} // namespace qgrad::rt

#endif
