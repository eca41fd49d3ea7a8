//===- KernelOp.cpp - Kernel operations: support, inverse, renaming ------===//
#include "qgrad/Runtime/KernelOp.h"

#include "qgrad/Runtime/Error.h"

#include <algorithm>
#include <bit>

namespace qgrad::rt {

Index KernelOp::support() const {
  Index mask = ctrl;
  for (int t : targets)
    mask |= Index(1) << t;
  if (pauli)
    for (const PauliTerm &term : *pauli)
      mask |= term.pauli.xMask | term.pauli.zMask;
  return mask;
}

static std::vector<Complex> conjugateTranspose(const std::vector<Complex> &m) {
  size_t dim = 1;
  while (dim * dim < m.size())
    ++dim;
  std::vector<Complex> out(m.size());
  for (size_t r = 0; r < dim; ++r)
    for (size_t c = 0; c < dim; ++c)
      out[c * dim + r] = std::conj(m[r * dim + c]);
  return out;
}

KernelOp adjointOp(const KernelOp &op) {
  KernelOp inv = op;
  switch (op.kind) {
  case OpKind::Matrix1:
  case OpKind::Matrix2:
  case OpKind::MatrixK:
    inv.matrix = conjugateTranspose(op.matrix);
    break;
  case OpKind::ParityPhase:
  case OpKind::MaskPhase:
    for (Complex &phase : inv.matrix)
      phase = std::conj(phase);
    break;
  case OpKind::Matrix1Pair:
  case OpKind::Matrix1Cond:
    for (size_t half = 0; half < 8; half += 4) {
      std::vector<Complex> m(op.matrix.begin() + half,
                             op.matrix.begin() + half + 4);
      m = conjugateTranspose(m);
      std::copy(m.begin(), m.end(), inv.matrix.begin() + half);
    }
    break;
  case OpKind::Swap:
    break;
  case OpKind::Deriv1:
  case OpKind::PauliDeriv:
    throw RuntimeError("internal error: a derivative op has no inverse");
  }
  return inv;
}

Index remapMask(Index mask, const int *localOf) {
  Index out = 0;
  for (; mask; mask &= mask - 1)
    out |= Index(1) << localOf[std::countr_zero(mask)];
  return out;
}

KernelOp remapBits(const KernelOp &op, const int *localOf) {
  KernelOp out = op;
  out.ctrl = remapMask(op.ctrl, localOf);
  for (int &t : out.targets)
    t = localOf[t];
  if (op.pauli) {
    auto terms = std::make_shared<std::vector<PauliTerm>>(*op.pauli);
    for (PauliTerm &term : *terms) {
      term.pauli.xMask = remapMask(term.pauli.xMask, localOf);
      term.pauli.zMask = remapMask(term.pauli.zMask, localOf);
    }
    out.pauli = std::move(terms);
  }
  return out;
}

} // namespace qgrad::rt
