//===- StateVector.h - An aligned array of 2^n amplitudes ------*- C++ -*-===//
#ifndef QGRAD_RUNTIME_STATEVECTOR_H
#define QGRAD_RUNTIME_STATEVECTOR_H

#include "qgrad/Runtime/Types.h"

#include <memory>

namespace qgrad::rt {

class StateVector {
public:
  /// |0...0> on numQubits qubits. Throws RuntimeError, naming the size, when
  /// the state would not fit in this machine's memory.
  explicit StateVector(int64_t numQubits);
  StateVector(const StateVector &other);
  StateVector &operator=(const StateVector &other) = delete;
  StateVector(StateVector &&) = default;
  StateVector &operator=(StateVector &&) = default;

  int numQubits() const { return numQubits_; }
  Index size() const { return Index(1) << numQubits_; }
  Complex *data() { return data_.get(); }
  const Complex *data() const { return data_.get(); }
  Complex &operator[](Index i) { return data_[i]; }
  const Complex &operator[](Index i) const { return data_[i]; }

  /// Throws RuntimeError when a state of numQubits qubits cannot be held.
  static void checkFits(int64_t numQubits);

private:
  struct Free {
    void operator()(Complex *p) const;
  };
  static std::unique_ptr<Complex[], Free> allocate(Index size);

  int numQubits_;
  std::unique_ptr<Complex[], Free> data_;
};

} // namespace qgrad::rt

#endif
