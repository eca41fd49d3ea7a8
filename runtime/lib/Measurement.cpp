//===- Measurement.cpp - Expectation values, probabilities, sampling -----===//
#include "qgrad/Runtime/Measurement.h"

#include "qgrad/Runtime/Error.h"
#include "qgrad/Runtime/Kernels.h"

#include "IndexLoops.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace qgrad::rt {
namespace {

bool parallelFor(const StateVector &psi) {
  return psi.numQubits() >= kParallelThreshold;
}

bool isPauliString(const std::vector<Observable::Term> &terms) {
  return terms.size() == 1 && terms[0].dense.empty() &&
         std::abs(terms[0].coeff) == 1.0;
}

} // namespace

StateVector applyDense(const StateVector &psi,
                       const std::vector<Observable::DenseFactor> &dense) {
  StateVector out(psi);
  Complex *data = out.data();
  StateBatch batch{&data, 1, out.numQubits()};
  for (const Observable::DenseFactor &d : dense) {
    KernelOp op;
    op.kind = OpKind::MatrixK;
    op.targets = d.bits;
    op.matrix = d.matrix;
    runOp(op, batch, parallelFor(psi));
  }
  return out;
}

double expval(const StateVector &psi, const Observable &obs) {
  double sum = 0;
  int n = psi.numQubits();
  for (const Observable::Term &t : obs.expand(n)) {
    if (t.dense.empty()) {
      sum += t.coeff *
             pauliInner(psi.data(), psi.data(), n, t.pauli, parallelFor(psi))
                 .real();
      continue;
    }
    StateVector chi = applyDense(psi, t.dense);
    sum +=
        t.coeff *
        pauliInner(psi.data(), chi.data(), n, t.pauli, parallelFor(psi)).real();
  }
  return sum;
}

StateVector applyObservable(const StateVector &psi, const Observable &obs) {
  int n = psi.numQubits();
  StateVector out(n);
  out[0] = 0;
  for (const Observable::Term &t : obs.expand(n)) {
    if (t.dense.empty()) {
      pauliApplyAdd(out.data(), psi.data(), n, t.pauli, t.coeff,
                    parallelFor(psi));
      continue;
    }
    StateVector chi = applyDense(psi, t.dense);
    pauliApplyAdd(out.data(), chi.data(), n, t.pauli, t.coeff,
                  parallelFor(psi));
  }
  return out;
}

double variance(const StateVector &psi, const Observable &obs) {
  if (isPauliString(obs.expand(psi.numQubits()))) {
    double e = expval(psi, obs);
    return 1.0 - e * e; // P^2 = I
  }
  StateVector chi = applyObservable(psi, obs);
  int n = psi.numQubits();
  double square =
      innerProduct(chi.data(), chi.data(), n, parallelFor(psi)).real();
  double mean =
      innerProduct(psi.data(), chi.data(), n, parallelFor(psi)).real();
  return square - mean * mean;
}

std::vector<int> measuredBits(const int64_t *wires, int64_t numWires,
                              int numQubits) {
  std::vector<int> bits;
  if (!wires) {
    for (int w = 0; w < numQubits; ++w)
      bits.push_back(bitOfWire(w, numQubits));
    return bits;
  }
  if (numWires < 0 || numWires > numQubits)
    throw RuntimeError("cannot measure " + std::to_string(numWires) +
                       " wires of a register of " + std::to_string(numQubits) +
                       " qubits");
  for (int64_t i = 0; i < numWires; ++i) {
    if (wires[i] < 0 || wires[i] >= numQubits)
      throw RuntimeError("measured wire " + std::to_string(wires[i]) +
                         " is outside the register of " +
                         std::to_string(numQubits) + " qubits");
    int bit = bitOfWire(wires[i], numQubits);
    if (std::find(bits.begin(), bits.end(), bit) != bits.end())
      throw RuntimeError("wire " + std::to_string(wires[i]) +
                         " is measured twice");
    bits.push_back(bit);
  }
  return bits;
}

std::vector<double> probabilities(const StateVector &psi,
                                  const std::vector<int> &bits) {
  size_t k = bits.size();
  std::vector<double> out(size_t(1) << k, 0.0);
  int n = psi.numQubits();
  bool allInOrder = static_cast<int>(k) == n;
  for (size_t p = 0; allInOrder && p < k; ++p)
    allInOrder = bits[p] == n - 1 - static_cast<int>(p);
  for (Index i = 0; i < psi.size(); ++i) {
    Index outcome = i;
    if (!allInOrder) {
      outcome = 0;
      for (size_t p = 0; p < k; ++p)
        outcome = (outcome << 1) | ((i >> bits[p]) & 1);
    }
    out[outcome] += norm2(psi[i]);
  }
  return out;
}

std::vector<Index> sampleOutcomes(const StateVector &psi,
                                  const std::vector<int> &bits, int64_t shots,
                                  uint64_t seed) {
  checkShots(shots);
  return sampleFromProbabilities(probabilities(psi, bits), shots, seed);
}

void checkShots(int64_t shots) {
  if (shots < 0)
    throw RuntimeError("the number of shots must be non-negative, got " +
                       std::to_string(shots));
}

std::vector<Index> sampleFromProbabilities(std::vector<double> cdf,
                                           int64_t shots, uint64_t seed) {
  for (size_t i = 1; i < cdf.size(); ++i)
    cdf[i] += cdf[i - 1];
  std::mt19937_64 rng(seed);
  std::vector<Index> out(static_cast<size_t>(shots));
  double total = cdf.back();
  for (Index &o : out) {
    double u = uniform01(rng) * total;
    o = std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin();
    o = std::min<Index>(o, cdf.size() - 1);
  }
  return out;
}

int measureBit(StateVector &psi, int bit, int64_t postselect,
               std::mt19937_64 &rng) {
  if (postselect < -1 || postselect > 1)
    throw RuntimeError("postselect must be -1, 0 or 1, got " +
                       std::to_string(postselect));
  Index mask = Index(1) << bit;
  double p0 = 0, p1 = 0;
  for (Index i = 0; i < psi.size(); ++i)
    ((i & mask) ? p1 : p0) += norm2(psi[i]);
  int outcome = postselect >= 0 ? static_cast<int>(postselect)
                                : (uniform01(rng) < p1 ? 1 : 0);
  double p = (outcome ? p1 : p0) / (p0 + p1);
  if (p < 1e-14)
    throw RuntimeError("postselecting outcome " + std::to_string(outcome) +
                       " which has probability " + std::to_string(p));
  double scale = 1.0 / std::sqrt(outcome ? p1 : p0);
  for (Index i = 0; i < psi.size(); ++i)
    psi[i] = (((i & mask) != 0) == (outcome == 1)) ? psi[i] * scale : 0.0;
  return outcome;
}

} // namespace qgrad::rt
