//===- Observable.h - Observables and their Pauli expansion ----*- C++ -*-===//
#ifndef QGRAD_RUNTIME_OBSERVABLE_H
#define QGRAD_RUNTIME_OBSERVABLE_H

#include "qgrad/Runtime/KernelOp.h"

#include <string_view>
#include <vector>

namespace qgrad::rt {

enum class NamedObservable { Identity, PauliX, PauliY, PauliZ, Hadamard };

/// A named observable on a wire, a Hermitian matrix on wires, a tensor
/// product, or a Hamiltonian (real linear combination).
class Observable {
public:
  static Observable named(NamedObservable kind, int64_t wire);
  /// Throws RuntimeError if the matrix is not Hermitian or of the wrong size.
  static Observable hermitian(std::vector<Complex> matrix,
                              std::vector<int64_t> wires);
  /// Throws RuntimeError if two factors share a wire.
  static Observable tensor(std::vector<Observable> factors);
  static Observable hamiltonian(std::vector<double> coeffs,
                                std::vector<Observable> terms);

  std::vector<int64_t> wires() const;

  /// A term of the expansion: coeff * P * D, with P a Pauli string and D a
  /// product of dense matrices, on disjoint bits (so P and D commute).
  struct DenseFactor {
    std::vector<Complex> matrix;
    std::vector<int> bits;
  };
  struct Term {
    double coeff = 1.0;
    PauliString pauli;
    std::vector<DenseFactor> dense;
  };
  /// The observable as a sum of terms for a register of numQubits qubits.
  /// Throws RuntimeError for a wire outside the register.
  std::vector<Term> expand(int numQubits) const;

private:
  enum class Kind { Named, Hermitian, Tensor, Hamiltonian };
  Kind kind_ = Kind::Named;
  NamedObservable named_ = NamedObservable::Identity;
  std::vector<int64_t> wires_;
  std::vector<Complex> matrix_;
  std::vector<double> coeffs_;
  std::vector<Observable> children_;
};

/// The id of "Identity", "PauliX", ..., "Hadamard", or -1.
int64_t namedObservableFromName(std::string_view name);

} // namespace qgrad::rt

#endif
