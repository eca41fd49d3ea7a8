//===- Kernels.h - State-vector kernels ------------------------*- C++ -*-===//
#ifndef QGRAD_RUNTIME_KERNELS_H
#define QGRAD_RUNTIME_KERNELS_H

#include "qgrad/Runtime/KernelOp.h"

namespace qgrad::rt {

/// Below this many qubits a kernel runs on the calling thread: OpenMP's
/// dispatch (about 1.4 us) would cost more than the work.
constexpr int kParallelThreshold = 14;

/// A set of state vectors of 2^numBits amplitudes that one pass updates
/// together: states[0] is |phi>, the rest are the |lambda_j> of an adjoint
/// sweep. Derivative ops add into derivs[j * numSlots + slot].
struct StateBatch {
  Complex *const *states;
  int numStates;
  int numBits;
  double *derivs = nullptr;
  int64_t numSlots = 0;
};

/// Applies (or, for derivative ops, evaluates) one op on every state of the
/// batch. `parallel` permits OpenMP inside the kernel.
void runOp(const KernelOp &op, const StateBatch &batch, bool parallel);

/// sum_i conj(bra_i) (P ket)_i for one Pauli string; bra may equal ket.
Complex pauliInner(const Complex *bra, const Complex *ket, int numBits,
                   const PauliString &p, bool parallel);

/// out += coeff * P in, without a temporary.
void pauliApplyAdd(Complex *out, const Complex *in, int numBits,
                   const PauliString &p, Complex coeff, bool parallel);

/// sum_i conj(a_i) b_i.
Complex innerProduct(const Complex *a, const Complex *b, int numBits,
                     bool parallel);

} // namespace qgrad::rt

#endif
