//===- KernelOp.h - One state-vector update in bit positions ---*- C++ -*-===//
//
// Gates are lowered to kernel operations that name amplitude-index bits, not
// wires, so that the tiled executor can renumber bits when it runs an
// operation on a cache-sized tile of the state.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_KERNELOP_H
#define QGRAD_RUNTIME_KERNELOP_H

#include "qgrad/Runtime/Types.h"

#include <memory>
#include <vector>

namespace qgrad::rt {

/// A Pauli string on index bits: X or Y on the bits of xMask, Z or Y on the
/// bits of zMask; numY counts the Y factors (each contributes a factor i).
struct PauliString {
  Index xMask = 0;
  Index zMask = 0;
  int numY = 0;
};

struct PauliTerm {
  double coeff = 1.0;
  PauliString pauli;
};

enum class OpKind : uint8_t {
  Matrix1,     // dense 2x2 on targets[0], applied where all ctrl bits are 1
  Matrix2,     // dense 4x4; targets[0] is the high bit of the matrix index
  MatrixK,     // dense 2^k x 2^k, k = targets.size()
  Swap,        // 1 target: swap its 0/1 halves; 2 targets: swap 01 and 10
  ParityPhase, // multiply by matrix[0] (even parity of targets) or matrix[1]
  MaskPhase,   // multiply by matrix[0] where every target bit is 1
  Matrix1Pair, // two 2x2 on targets[0] < targets[1], matrix = both (8 entries)
  Matrix1Cond, // 2x2 on targets[0]: matrix[0..4) where bit targets[1] is 0,
               // matrix[4..8) where it is 1 (a CNOT fused with a rotation)
  Deriv1,      // derivative of a Matrix1 rotation, fused with its inverse;
               // targets[1], if any: an X on targets[0] where that bit
               // is 1 comes first (a folded CNOT, foldSwapsIntoDerivs)
  PauliDeriv,  // derivative inner product of a Pauli-sum generator only
};

struct KernelOp {
  OpKind kind = OpKind::Matrix1;
  Index ctrl = 0;              // bits that must all be 1 for the op to act
  std::vector<int> targets;    // bit positions
  std::vector<Complex> matrix; // row-major matrix, or phases
  // Derivative ops: result slot and the factor applied to Im<lambda|G|phi>.
  int64_t slot = -1;
  double scale = 1.0;
  Complex generator[4] = {}; // Deriv1: the generator's 2x2 on the target
  std::shared_ptr<const std::vector<PauliTerm>> pauli; // PauliDeriv

  /// The index bits the op reads or writes.
  Index support() const;
};

/// The inverse of a unitary op (Deriv ops are not invertible).
KernelOp adjointOp(const KernelOp &op);

/// The op with every bit b renamed to localOf[b].
KernelOp remapBits(const KernelOp &op, const int *localOf);

Index remapMask(Index mask, const int *localOf);

} // namespace qgrad::rt

#endif
