//===- Fusion.cpp - Merging kernel ops before they run -------------------===//
#include "qgrad/Runtime/Fusion.h"

#include "DerivKernels.h"

#include <algorithm>
#include <bit>
#include <iterator>

namespace qgrad::rt {
namespace {

/// The 2x2 matrix of a one-bit unitary op without controls, if it is one.
bool oneBitMatrix(const KernelOp &op, Complex m[4]) {
  if (op.ctrl || op.targets.size() != 1)
    return false;
  switch (op.kind) {
  case OpKind::Matrix1:
    std::copy(op.matrix.begin(), op.matrix.end(), m);
    return true;
  case OpKind::ParityPhase:
    m[0] = op.matrix[0], m[1] = m[2] = 0, m[3] = op.matrix[1];
    return true;
  case OpKind::MaskPhase:
    m[0] = 1, m[1] = m[2] = 0, m[3] = op.matrix[0];
    return true;
  case OpKind::Swap:
    m[0] = m[3] = 0, m[1] = m[2] = 1;
    return true;
  default:
    return false;
  }
}

std::vector<Complex> product(const Complex *a, const Complex *b) {
  return {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
          a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
}

const Complex kPauliX[4] = {0, 1, 1, 0};

bool isCnot(const KernelOp &op) {
  return op.kind == OpKind::Swap && op.targets.size() == 1 &&
         std::popcount(op.ctrl) == 1;
}

/// A 2x2 on `target` chosen by bit `select`: m0 where it is 0, m1 where 1.
KernelOp conditional(int target, int select, const std::vector<Complex> &m0,
                     const std::vector<Complex> &m1) {
  KernelOp op;
  op.kind = OpKind::Matrix1Cond;
  op.targets = {target, select};
  op.matrix = m0;
  op.matrix.insert(op.matrix.end(), m1.begin(), m1.end());
  return op;
}

/// Folds a later one-bit matrix v into a CNOT or conditional 2x2 on the same
/// target: v after CNOT is v where the control is 0 and v X where it is 1.
void absorbLater(KernelOp &into, const Complex *v) {
  if (into.kind == OpKind::Swap) {
    std::vector<Complex> vx = product(v, kPauliX);
    into = conditional(into.targets[0], std::countr_zero(into.ctrl),
                       std::vector<Complex>(v, v + 4), vx);
    return;
  }
  std::vector<Complex> m0 = product(v, into.matrix.data()),
                       m1 = product(v, into.matrix.data() + 4);
  std::copy(m0.begin(), m0.end(), into.matrix.begin());
  std::copy(m1.begin(), m1.end(), into.matrix.begin() + 4);
}

/// Ops that a later one-bit op on their (first) target can join.
bool joinable(const KernelOp &op) {
  Complex m[4];
  return oneBitMatrix(op, m) || isCnot(op) || op.kind == OpKind::Matrix1Cond;
}

} // namespace

std::vector<KernelOp> fuseOneBitOps(const std::vector<KernelOp> &ops) {
  std::vector<KernelOp> out;
  std::vector<bool> erased;
  out.reserve(ops.size());
  // open[b]: the op in `out` that a one-bit op on bit b may join, because no
  // op since has touched b (so the one-bit op commutes back to it).
  int64_t open[64];
  std::fill(std::begin(open), std::end(open), -1);
  auto push = [&](KernelOp op) {
    for (Index m = op.support(); m; m &= m - 1)
      open[std::countr_zero(m)] = -1;
    out.push_back(std::move(op));
    erased.push_back(false);
    if (joinable(out.back()))
      open[out.back().targets[0]] = static_cast<int64_t>(out.size()) - 1;
  };
  for (const KernelOp &op : ops) {
    Complex later[4], earlier[4];
    int64_t slot = op.targets.empty() ? -1 : open[op.targets[0]];
    if (slot >= 0 && oneBitMatrix(op, later)) {
      KernelOp &into = out[slot];
      if (oneBitMatrix(into, earlier)) {
        into.kind = OpKind::Matrix1;
        into.ctrl = 0;
        into.matrix = product(later, earlier);
      } else {
        absorbLater(into, later);
      }
      continue;
    }
    if (slot >= 0 && isCnot(op) && oneBitMatrix(out[slot], earlier)) {
      // u, then a CNOT on u's bit: u moves forward to the CNOT (nothing
      // touched its bit since) and both become one conditional 2x2.
      erased[slot] = true;
      std::vector<Complex> u(earlier, earlier + 4);
      push(conditional(op.targets[0], std::countr_zero(op.ctrl), u,
                       product(kPauliX, earlier)));
      continue;
    }
    push(op);
  }
  std::vector<KernelOp> kept;
  kept.reserve(out.size());
  for (size_t i = 0; i < out.size(); ++i)
    if (!erased[i])
      kept.push_back(std::move(out[i]));
  return kept;
}

std::vector<KernelOp> pairOneBitOps(const std::vector<KernelOp> &ops) {
  std::vector<KernelOp> out;
  out.reserve(ops.size());
  auto single = [](const KernelOp &op) {
    return op.kind == OpKind::Matrix1 && !op.ctrl;
  };
  for (size_t i = 0; i < ops.size(); ++i) {
    const KernelOp &a = ops[i];
    if (i + 1 < ops.size() && single(a) && single(ops[i + 1]) &&
        a.targets[0] != ops[i + 1].targets[0]) {
      const KernelOp &b = ops[i + 1];
      bool aLow = a.targets[0] < b.targets[0];
      const KernelOp &low = aLow ? a : b, &high = aLow ? b : a;
      KernelOp pair;
      pair.kind = OpKind::Matrix1Pair;
      pair.targets = {low.targets[0], high.targets[0]};
      pair.matrix = low.matrix;
      pair.matrix.insert(pair.matrix.end(), high.matrix.begin(),
                         high.matrix.end());
      out.push_back(std::move(pair));
      ++i;
      continue;
    }
    out.push_back(a);
  }
  return out;
}

std::vector<KernelOp> foldSwapsIntoDerivs(const std::vector<KernelOp> &ops) {
  std::vector<KernelOp> out;
  out.reserve(ops.size());
  std::vector<bool> moved(ops.size(), false);
  for (size_t i = 0; i < ops.size(); ++i) {
    if (moved[i])
      continue;
    const KernelOp &op = ops[i];
    int target = op.targets.empty() ? -1 : op.targets[0];
    if (!isCnot(op) || std::countr_zero(op.ctrl) < target) {
      out.push_back(op);
      continue;
    }
    Index bit = Index(1) << target;
    size_t j = i + 1;
    while (j < ops.size() && (moved[j] || !(ops[j].support() & bit)))
      ++j;
    if (j + 1 >= ops.size() || moved[j + 1] || ops[j].targets.size() != 1 ||
        ops[j + 1].targets.size() != 1 || !canPairDeriv1(ops[j], ops[j + 1])) {
      out.push_back(op);
      continue;
    }
    KernelOp first = ops[j];
    first.targets.push_back(std::countr_zero(op.ctrl));
    out.push_back(std::move(first));
    out.push_back(ops[j + 1]);
    moved[j] = moved[j + 1] = true;
  }
  return out;
}

} // namespace qgrad::rt
