//===- DistributedRegister.h - A state vector split over ranks -*- C++ -*-===//
//
// The 2^n amplitudes of an n-qubit register split over 2^k ranks: a rank
// holds the 2^(n-k) amplitudes whose k highest index bits ("global" bits)
// equal its rank number, as an ordinary StateVector of n-k qubits on which
// the existing executor runs. Which wire sits on which index bit changes as
// the register runs: a gate that needs a global wire as a target first
// swaps it with a local bit (each rank exchanges half of its part with one
// partner, in chunks), and the register records the new wire -> bit mapping.
// Controls and diagonal gates on global wires need no communication: they
// become a per-rank predicate, parity or phase. See docs/runtime.md,
// "Distribution".
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_DISTRIBUTEDREGISTER_H
#define QGRAD_RUNTIME_DISTRIBUTEDREGISTER_H

#include "qgrad/Runtime/Communicator.h"
#include "qgrad/Runtime/Executor.h"
#include "qgrad/Runtime/Observable.h"
#include "qgrad/Runtime/StateVector.h"

#include <functional>
#include <optional>
#include <random>

namespace qgrad::rt {

/// A register is split only when every rank keeps at least this many qubits;
/// smaller registers are simulated whole, identically, on every rank.
constexpr int kMinLocalQubits = 4;

class DistributedRegister {
public:
  /// Whether a register of numQubits qubits is split over comm's ranks.
  static bool splits(const Communicator &comm, int64_t numQubits);

  /// |0...0> on numQubits qubits split over the ranks of comm (a power of
  /// two of them). Throws RuntimeError when the local part does not fit.
  DistributedRegister(std::shared_ptr<Communicator> comm, int numQubits);

  int numQubits() const { return numQubits_; }
  int globalQubits() const { return numQubits_ - localQubits_; }
  int localQubits() const { return localQubits_; }
  /// This rank's amplitudes, in the current bit order (see wireOfBit).
  const StateVector &local() const { return local_; }
  /// The canonical bit (n - 1 - wire) held at physical index bit `position`
  /// (positions >= localQubits() are the rank bits).
  int canonicalBitAt(int position) const { return layout_.bitAt[position]; }

  /// Runs ops written for the whole register in canonical bits (bitOfWire).
  void run(const std::vector<KernelOp> &ops, const ExecutorOptions &options);

  /// The whole state, in canonical order, gathered on every rank.
  const StateVector &gather();

  double expval(const Observable &obs);
  double variance(const Observable &obs);
  /// Probabilities of the outcomes of the canonical bits (as
  /// rt::probabilities), summed over the ranks.
  std::vector<double> probabilities(const std::vector<int> &bits);
  /// As rt::measureBit; the draw is identical on every rank.
  int measure(int bit, int64_t postselect, std::mt19937_64 &rng);
  /// Runs the adjoint sweep `backward` (canonical bits, as Device builds it)
  /// from the current state with lambda_j = O_j psi; returns the Jacobian
  /// summed over the ranks.
  std::vector<double>
  adjointJacobian(const std::vector<KernelOp> &backward,
                  const std::vector<const Observable *> &observables,
                  int64_t numParams, const ExecutorOptions &options);

  Communicator &comm() { return *comm_; }
  /// Data exchanges (wire swaps) so far, and the amplitudes swapped per
  /// state in one message at most.
  uint64_t swaps() const { return swaps_; }
  /// Seconds spent running ops on the local part, and in swaps (packing,
  /// messages and unpacking), for the benchmark.
  double secondsLocal = 0, secondsSwapping = 0;
  /// The calling thread's CPU time in the local ops (unlike wall time, not
  /// inflated by waiting for a core on a loaded machine).
  double cpuSecondsLocal = 0;
  /// Amplitudes per message of a swap: 2^(local qubits - 4), at least
  /// 2^12 and at most 2^20 (16 MiB); QGRAD_RT_MPI_CHUNK_BITS overrides.
  size_t chunkAmplitudes;

private:
  struct Layout {
    std::vector<int> phys;         // phys[canonical bit] = index bit
    std::vector<int> bitAt;        // bitAt[index bit] = canonical bit
    std::vector<uint64_t> lastUse; // per index bit, for choosing swaps
    uint64_t clock = 0;
  };
  using Batch = std::vector<StateVector *>;

  Index localMask() const { return (Index(1) << localQubits_) - 1; }
  Index rankBits() const { return Index(comm_->rank()) << localQubits_; }
  void runOn(const std::vector<KernelOp> &ops, Layout &layout,
             const Batch &batch, double *derivs, int64_t numSlots,
             const ExecutorOptions &options);
  /// Moves the canonical bits of `need` to local index bits, swapping out
  /// local bits that are not in `keep`: the one whose next use comes last
  /// when nextUse (per canonical bit) is given, else the least recently used.
  /// beforeSwap(l) runs before local bit l is swapped out.
  void makeLocal(Index need, Index keep, Layout &layout, const Batch &batch,
                 const std::vector<size_t> *nextUse = nullptr,
                 const std::function<void(int)> &beforeSwap = {});
  void swapPositions(int global, int local, Layout &layout, const Batch &batch);
  void exchangeHalf(Complex *amplitudes, int localBit, int side, int partner);
  std::optional<KernelOp> localize(const KernelOp &op,
                                   const Layout &layout) const;
  /// The Pauli string in index bits of this rank; Z factors on rank bits
  /// become the returned sign (X factors must be local already).
  PauliString localPauli(const PauliString &p, const Layout &layout,
                         double &sign) const;
  /// out += O from, term by term; every state of batch follows the swaps.
  void addObservable(const Observable &obs, Layout &layout, const Batch &batch,
                     StateVector &from, StateVector &out);
  double sumOverRanks(double value);

  std::shared_ptr<Communicator> comm_;
  int numQubits_;
  int localQubits_;
  StateVector local_;
  Layout layout_;
  std::optional<StateVector> gathered_;
  std::vector<Complex> sendBuffer_, recvBuffer_;
  uint64_t swaps_ = 0;
};

} // namespace qgrad::rt

#endif
