//===- Observable.cpp - Observables and their Pauli expansion ------------===//
#include "qgrad/Runtime/Observable.h"

#include "qgrad/Runtime/Error.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace qgrad::rt {
namespace {

const char *const kNames[] = {"Identity", "PauliX", "PauliY", "PauliZ",
                              "Hadamard"};

int checkedBit(int64_t wire, int numQubits) {
  if (wire < 0 || wire >= numQubits)
    throw RuntimeError("observable on wire " + std::to_string(wire) +
                       ", outside the register of " +
                       std::to_string(numQubits) + " qubits");
  return bitOfWire(wire, numQubits);
}

using Term = Observable::Term;

std::vector<Term> namedTerms(NamedObservable kind, Index bit) {
  const double h = 0.70710678118654752440;
  PauliString x{bit, 0, 0}, y{bit, bit, 1}, z{0, bit, 0};
  switch (kind) {
  case NamedObservable::Identity:
    return {Term{}};
  case NamedObservable::PauliX:
    return {{1.0, x, {}}};
  case NamedObservable::PauliY:
    return {{1.0, y, {}}};
  case NamedObservable::PauliZ:
    return {{1.0, z, {}}};
  case NamedObservable::Hadamard:
    return {{h, x, {}}, {h, z, {}}};
  }
  return {};
}

Term product(const Term &a, const Term &b) {
  Term t;
  t.coeff = a.coeff * b.coeff;
  t.pauli = {a.pauli.xMask | b.pauli.xMask, a.pauli.zMask | b.pauli.zMask,
             a.pauli.numY + b.pauli.numY};
  t.dense = a.dense;
  t.dense.insert(t.dense.end(), b.dense.begin(), b.dense.end());
  return t;
}

} // namespace

int64_t namedObservableFromName(std::string_view name) {
  for (int64_t k = 0; k < 5; ++k)
    if (name == kNames[k])
      return k;
  return -1;
}

Observable Observable::named(NamedObservable kind, int64_t wire) {
  if (static_cast<int>(kind) < 0 || static_cast<int>(kind) > 4)
    throw RuntimeError("unknown observable id " +
                       std::to_string(static_cast<int>(kind)));
  Observable o;
  o.kind_ = Kind::Named;
  o.named_ = kind;
  o.wires_ = {wire};
  return o;
}

Observable Observable::hermitian(std::vector<Complex> matrix,
                                 std::vector<int64_t> wires) {
  if (wires.empty() || wires.size() > 16)
    throw RuntimeError("Hermitian observable: needs 1 to 16 wires, got " +
                       std::to_string(wires.size()));
  size_t dim = size_t(1) << wires.size();
  if (matrix.size() != dim * dim)
    throw RuntimeError("Hermitian observable: the matrix must be " +
                       std::to_string(dim) + "x" + std::to_string(dim));
  for (size_t r = 0; r < dim; ++r)
    for (size_t c = 0; c < dim; ++c)
      if (std::abs(matrix[r * dim + c] - std::conj(matrix[c * dim + r])) >
          1e-10)
        throw RuntimeError("Hermitian observable: the matrix is not "
                           "Hermitian (entry " +
                           std::to_string(r) + "," + std::to_string(c) + ")");
  Observable o;
  o.kind_ = Kind::Hermitian;
  o.matrix_ = std::move(matrix);
  o.wires_ = std::move(wires);
  return o;
}

Observable Observable::tensor(std::vector<Observable> factors) {
  Observable o;
  o.kind_ = Kind::Tensor;
  for (const Observable &f : factors)
    for (int64_t w : f.wires()) {
      if (std::find(o.wires_.begin(), o.wires_.end(), w) != o.wires_.end())
        throw RuntimeError("tensor product: two factors act on wire " +
                           std::to_string(w));
      o.wires_.push_back(w);
    }
  o.children_ = std::move(factors);
  return o;
}

Observable Observable::hamiltonian(std::vector<double> coeffs,
                                   std::vector<Observable> terms) {
  if (coeffs.size() != terms.size())
    throw RuntimeError("Hamiltonian: " + std::to_string(coeffs.size()) +
                       " coefficients for " + std::to_string(terms.size()) +
                       " terms");
  Observable o;
  o.kind_ = Kind::Hamiltonian;
  o.coeffs_ = std::move(coeffs);
  o.children_ = std::move(terms);
  for (const Observable &t : o.children_)
    for (int64_t w : t.wires())
      if (std::find(o.wires_.begin(), o.wires_.end(), w) == o.wires_.end())
        o.wires_.push_back(w);
  return o;
}

std::vector<int64_t> Observable::wires() const { return wires_; }

std::vector<Term> Observable::expand(int numQubits) const {
  switch (kind_) {
  case Kind::Named:
    return namedTerms(named_, Index(1) << checkedBit(wires_[0], numQubits));
  case Kind::Hermitian: {
    Term t;
    DenseFactor d{matrix_, {}};
    for (int64_t w : wires_)
      d.bits.push_back(checkedBit(w, numQubits));
    t.dense.push_back(std::move(d));
    return {t};
  }
  case Kind::Tensor: {
    std::vector<Term> terms = {Term{}};
    for (const Observable &f : children_) {
      std::vector<Term> next;
      for (const Term &a : terms)
        for (const Term &b : f.expand(numQubits))
          next.push_back(product(a, b));
      terms = std::move(next);
    }
    return terms;
  }
  case Kind::Hamiltonian: {
    std::vector<Term> terms;
    for (size_t i = 0; i < children_.size(); ++i)
      for (Term t : children_[i].expand(numQubits)) {
        t.coeff *= coeffs_[i];
        terms.push_back(std::move(t));
      }
    return terms;
  }
  }
  return {};
}

} // namespace qgrad::rt
