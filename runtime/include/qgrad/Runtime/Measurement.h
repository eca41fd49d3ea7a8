//===- Measurement.h - Expectation values, probabilities, sampling -*- C++
//-*-===//
#ifndef QGRAD_RUNTIME_MEASUREMENT_H
#define QGRAD_RUNTIME_MEASUREMENT_H

#include "qgrad/Runtime/Observable.h"
#include "qgrad/Runtime/StateVector.h"

#include <random>

namespace qgrad::rt {

/// <psi|O|psi>; Pauli-string terms are evaluated without copying the state.
double expval(const StateVector &psi, const Observable &obs);

/// <psi|O^2|psi> - <psi|O|psi>^2.
double variance(const StateVector &psi, const Observable &obs);

/// D|psi> for the dense factors of an observable's term, as a new state.
StateVector applyDense(const StateVector &psi,
                       const std::vector<Observable::DenseFactor> &dense);

/// O|psi> as a new state.
StateVector applyObservable(const StateVector &psi, const Observable &obs);

/// Wire lists for measurements: distinct wires of the register (checked).
std::vector<int> measuredBits(const int64_t *wires, int64_t numWires,
                              int numQubits);

/// Probabilities of the 2^k outcomes of the wires whose bits are given (the
/// first is the most significant outcome bit).
std::vector<double> probabilities(const StateVector &psi,
                                  const std::vector<int> &bits);

/// `shots` outcomes of the given bits drawn with a generator seeded by seed.
std::vector<Index> sampleOutcomes(const StateVector &psi,
                                  const std::vector<int> &bits, int64_t shots,
                                  uint64_t seed);

/// `shots` outcomes drawn from a distribution (summing to about 1) with a
/// generator seeded by seed: what sampleOutcomes does after probabilities.
std::vector<Index> sampleFromProbabilities(std::vector<double> probs,
                                           int64_t shots, uint64_t seed);

/// Throws RuntimeError for a negative number of shots.
void checkShots(int64_t shots);

/// Measures the bit, collapses psi and returns the outcome. postselect is -1
/// (draw with rng) or the forced outcome.
int measureBit(StateVector &psi, int bit, int64_t postselect,
               std::mt19937_64 &rng);

/// A uniform double in [0, 1) from 53 random bits (identical on every
/// platform, unlike std::uniform_real_distribution).
inline double uniform01(std::mt19937_64 &rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

} // namespace qgrad::rt

#endif
