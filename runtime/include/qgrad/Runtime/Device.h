//===- Device.h - A simulator device: the runtime's C++ API ----*- C++ -*-===//
#ifndef QGRAD_RUNTIME_DEVICE_H
#define QGRAD_RUNTIME_DEVICE_H

#include "qgrad/Runtime/Executor.h"
#include "qgrad/Runtime/Gates.h"
#include "qgrad/Runtime/Measurement.h"

#include <memory>
#include <optional>
#include <random>

namespace qgrad::rt {

class Communicator;
class DistributedRegister;

/// One simulated register. Gates are queued and run in cache-tiled passes
/// when a measurement needs the state. Every method throws RuntimeError on
/// invalid input and leaves the device unchanged.
class Device {
public:
  /// Replaces the state by numQubits qubits in |0...0>; clears the tape.
  void allocate(int64_t numQubits);
  int numQubits() const { return numQubits_; }
  /// The qubits of the last register of at least one qubit (compiled code
  /// releases a register by allocating 0): what the next evaluation of the
  /// same circuit will allocate.
  int lastRegisterQubits() const { return lastRegisterQubits_; }

  void apply(int64_t gate, const double *params, const int64_t *wires,
             int64_t numWires, bool adjoint);
  void apply(std::string_view gate, std::vector<double> params,
             std::vector<int64_t> wires, bool adjoint = false);

  /// The state with every queued gate applied (gathered on every rank when
  /// the register is distributed).
  const StateVector &state();

  int64_t addObservable(Observable obs);
  const Observable &observable(int64_t handle) const;
  void clearObservables() { observables_.clear(); }

  double expval(int64_t obs);
  double var(int64_t obs);
  std::vector<double> probs(const int64_t *wires, int64_t numWires);
  std::vector<Index> sample(const int64_t *wires, int64_t numWires,
                            int64_t shots, uint64_t seed);
  int measure(int64_t wire, int64_t postselect);
  void seed(uint64_t seed) { rng_.seed(seed); }

  void tapeStart();
  void tapeStop() { recording_ = false; }
  int64_t tapeNumParams() const { return tapeParams_; }
  /// Row-major (observables x tape parameters) Jacobian.
  std::vector<double> adjointJacobian(const std::vector<int64_t> &obs);

  ExecutorOptions &executorOptions() { return options_; }

  /// Splits the registers allocated from now on over the ranks of comm (a
  /// power of two of them) when they are large enough
  /// (DistributedRegister::splits); every rank must make the same calls.
  /// Throws RuntimeError for another number of ranks.
  void distribute(std::shared_ptr<Communicator> comm);
  /// The register's ranks, or null when it is held whole by this process.
  DistributedRegister *distributedRegister() { return dist_.get(); }
  /// The ranks given to distribute(), or null.
  const std::shared_ptr<Communicator> &communicator() const { return comm_; }

private:
  void requireQubits(const char *what) const;
  void flush();
  void touchState(); // a change of the state that the tape does not record

  std::optional<StateVector> state_;
  int numQubits_ = 0;
  int lastRegisterQubits_ = 0;
  std::shared_ptr<Communicator> comm_;        // set by distribute()
  std::shared_ptr<DistributedRegister> dist_; // the register, when split
  std::vector<KernelOp> pending_;
  std::vector<Observable> observables_;
  std::mt19937_64 rng_{0};
  ExecutorOptions options_;

  std::vector<TapeStep> tape_;
  int64_t tapeParams_ = 0;
  bool recording_ = false;
  bool hasTape_ = false;
  std::string tapeBroken_; // why the tape no longer ends in the state
};

} // namespace qgrad::rt

#endif
