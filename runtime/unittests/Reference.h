//===- Reference.h - Dense reference matrices for the runtime's tests ----===//
//
// The matrices here are written from the gates' textbook definitions, apart
// from the runtime, so a wrong kernel or table entry cannot hide.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_UNITTESTS_REFERENCE_H
#define QGRAD_RUNTIME_UNITTESTS_REFERENCE_H

#include "qgrad/Runtime/Device.h"
#include "qgrad/Runtime/Error.h"

#include <random>
#include <string>
#include <vector>

namespace qgrad::rt::test {

/// A square complex matrix, row-major.
struct Matrix {
  size_t dim = 0;
  std::vector<Complex> data;
  Complex &operator()(size_t r, size_t c) { return data[r * dim + c]; }
  Complex operator()(size_t r, size_t c) const { return data[r * dim + c]; }
};

Matrix identity(size_t dim);
Matrix operator*(const Matrix &a, const Matrix &b);
Matrix kron(const Matrix &a, const Matrix &b);
Matrix dagger(const Matrix &m);

/// The gate's matrix on its own wires (first wire = most significant bit).
/// For QubitUnitary, params holds the matrix as (re, im) pairs.
Matrix referenceGate(const std::string &name, const std::vector<double> &params,
                     size_t numWires);

/// The operator on n qubits that applies m to the given wires.
Matrix embed(const Matrix &m, const std::vector<int64_t> &wires, int n);

std::vector<Complex> applyMatrix(const Matrix &m,
                                 const std::vector<Complex> &v);

/// A Haar-ish random unitary (Gram-Schmidt of a Gaussian matrix), flattened
/// as (re, im) pairs for QubitUnitary.
std::vector<double> randomUnitary(size_t dim, std::mt19937_64 &rng);

/// One gate of a test circuit.
struct GateCall {
  std::string name;
  std::vector<double> params;
  std::vector<int64_t> wires;
  bool adjoint = false;
};

/// A random normalised state of n qubits.
std::vector<Complex> randomState(int n, std::mt19937_64 &rng);

/// A random circuit of `length` gates drawn from `names` on n qubits.
std::vector<GateCall> randomCircuit(const std::vector<std::string> &names,
                                    int n, int length, std::mt19937_64 &rng);

void run(Device &device, const std::vector<GateCall> &circuit);

std::vector<Complex> stateOf(Device &device);

/// The number of wires a gate takes in random circuits.
size_t arityOf(const std::string &name, int n);

} // namespace qgrad::rt::test

#endif
