//===- Kernels.cpp - State-vector kernels ---------------------------------===//
#include "qgrad/Runtime/Kernels.h"

#include "IndexLoops.h"

#include <cassert>

namespace qgrad::rt {
namespace {

Complex madd2(Complex m0, Complex x, Complex m1, Complex y) {
  return {m0.real() * x.real() - m0.imag() * x.imag() + m1.real() * y.real() -
              m1.imag() * y.imag(),
          m0.real() * x.imag() + m0.imag() * x.real() + m1.real() * y.imag() +
              m1.imag() * y.real()};
}

/// Applies a 2x2 matrix to the amplitude pairs (i0, i0 | bit) over the bases
/// numbered [begin, end). A target on bit 0 pairs neighbours, so it is visited
/// as pairs to keep the inner loop long.
template <class PairFn>
void forPairs(int numBits, int target, Index ctrl, bool parallel, PairFn fn) {
  Index bit = Index(1) << target;
  if (target == 0) {
    forEachBase(numBits - 1, ctrl >> 1, parallel, [&](Index p) {
      Index i0 = (p << 1) | ctrl;
      fn(i0, i0 | 1);
    });
    return;
  }
  forEachBase(numBits, ctrl | bit, parallel, [&](Index i) {
    Index i0 = i | ctrl;
    fn(i0, i0 | bit);
  });
}

void matrix1(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  const Complex m00 = op.matrix[0], m01 = op.matrix[1], m10 = op.matrix[2],
                m11 = op.matrix[3];
  forPairs(numBits, op.targets[0], op.ctrl, parallel, [&](Index i0, Index i1) {
    Complex x = a[i0], y = a[i1];
    a[i0] = madd2(m00, x, m01, y);
    a[i1] = madd2(m10, x, m11, y);
  });
}

void matrix2(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  Index hi = Index(1) << op.targets[0], lo = Index(1) << op.targets[1];
  const Complex *m = op.matrix.data();
  forEachBase(numBits, op.ctrl | hi | lo, parallel, [&](Index i) {
    Index idx[4] = {i | op.ctrl, i | op.ctrl | lo, i | op.ctrl | hi,
                    i | op.ctrl | hi | lo};
    Complex v[4] = {a[idx[0]], a[idx[1]], a[idx[2]], a[idx[3]]};
    for (int r = 0; r < 4; ++r)
      a[idx[r]] = madd2(m[4 * r], v[0], m[4 * r + 1], v[1]) +
                  madd2(m[4 * r + 2], v[2], m[4 * r + 3], v[3]);
  });
}

void matrixK(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  size_t k = op.targets.size(), dim = size_t(1) << k;
  std::vector<Index> offset(dim, op.ctrl);
  Index mask = op.ctrl;
  for (size_t p = 0; p < k; ++p) {
    Index bit = Index(1) << op.targets[p];
    mask |= bit;
    for (size_t r = 0; r < dim; ++r)
      if ((r >> (k - 1 - p)) & 1)
        offset[r] |= bit;
  }
  Index total = Index(1) << (numBits - std::popcount(mask));
  forChunks(total, parallel, [&](int, Index begin, Index end) {
    std::vector<Complex> in(dim);
    forBasesInRange(begin, end, mask, [&](Index i) {
      for (size_t r = 0; r < dim; ++r)
        in[r] = a[i | offset[r]];
      for (size_t r = 0; r < dim; ++r) {
        Complex sum = 0;
        for (size_t c = 0; c < dim; ++c)
          sum += mul(op.matrix[r * dim + c], in[c]);
        a[i | offset[r]] = sum;
      }
    });
  });
}

void swapOp(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  if (op.targets.size() == 1) {
    forPairs(numBits, op.targets[0], op.ctrl, parallel,
             [&](Index i0, Index i1) { std::swap(a[i0], a[i1]); });
    return;
  }
  Index x = Index(1) << op.targets[0], y = Index(1) << op.targets[1];
  forEachBase(numBits, op.ctrl | x | y, parallel, [&](Index i) {
    std::swap(a[i | op.ctrl | x], a[i | op.ctrl | y]);
  });
}

void parityPhase(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  const Complex even = op.matrix[0], odd = op.matrix[1];
  if (op.targets.size() == 1) {
    forPairs(numBits, op.targets[0], op.ctrl, parallel,
             [&](Index i0, Index i1) {
               a[i0] = mul(a[i0], even);
               a[i1] = mul(a[i1], odd);
             });
    return;
  }
  Index mask = 0;
  for (int t : op.targets)
    mask |= Index(1) << t;
  forEachBase(numBits, op.ctrl, parallel, [&](Index i) {
    Index j = i | op.ctrl;
    a[j] = mul(a[j], (std::popcount(j & mask) & 1) ? odd : even);
  });
}

void maskPhase(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  Index mask = op.ctrl;
  for (int t : op.targets)
    mask |= Index(1) << t;
  const Complex phase = op.matrix[0];
  forEachBase(numBits, mask, parallel,
              [&](Index i) { a[i | mask] = mul(a[i | mask], phase); });
}

using UnitaryKernel = void (*)(const KernelOp &, Complex *, int, bool);

void applyToAll(UnitaryKernel kernel, const KernelOp &op,
                const StateBatch &batch, bool parallel) {
  for (int s = 0; s < batch.numStates; ++s)
    kernel(op, batch.states[s], batch.numBits, parallel);
}

/// Im of conj(l0, l1) . G (p0, p1) for a 2x2 generator G.
double imGen(const Complex *g, Complex p0, Complex p1, Complex l0, Complex l1) {
  Complex g0 = madd2(g[0], p0, g[1], p1), g1 = madd2(g[2], p0, g[3], p1);
  return mulConj(l0, g0).imag() + mulConj(l1, g1).imag();
}

/// The adjoint sweep's step for a one-target rotation: accumulates
/// Im<lambda_j|G|phi> and applies the inverse rotation to phi and every
/// lambda_j, all in one pass over the amplitudes.
void deriv1(const KernelOp &op, const StateBatch &batch, bool parallel) {
  const Complex m00 = op.matrix[0], m01 = op.matrix[1], m10 = op.matrix[2],
                m11 = op.matrix[3];
  const Complex *g = op.generator;
  Complex *phi = batch.states[0];
  int numLambda = batch.numStates - 1;
  std::vector<double> sums(numLambda, 0.0);
  int target = op.targets[0];
  Index total = Index(1) << (batch.numBits - 1 - std::popcount(op.ctrl));
  int chunks = chunkCount(total, parallel);
  std::vector<double> partial(static_cast<size_t>(chunks) * numLambda, 0.0);
  for (int j = 0; j < numLambda; ++j) {
    Complex *lambda = batch.states[j + 1];
    bool last = j + 1 == numLambda;
    forChunks(total, parallel, [&](int c, Index begin, Index end) {
      double acc = 0;
      auto step = [&](Index i0, Index i1) {
        Complex p0 = phi[i0], p1 = phi[i1], l0 = lambda[i0], l1 = lambda[i1];
        acc += imGen(g, p0, p1, l0, l1);
        lambda[i0] = madd2(m00, l0, m01, l1);
        lambda[i1] = madd2(m10, l0, m11, l1);
        if (last) {
          phi[i0] = madd2(m00, p0, m01, p1);
          phi[i1] = madd2(m10, p0, m11, p1);
        }
      };
      Index bit = Index(1) << target;
      if (target == 0)
        forBasesInRange(begin, end, op.ctrl >> 1, [&](Index p) {
          Index i0 = (p << 1) | op.ctrl;
          step(i0, i0 | 1);
        });
      else
        forBasesInRange(begin, end, op.ctrl | bit, [&](Index i) {
          Index i0 = i | op.ctrl;
          step(i0, i0 | bit);
        });
      partial[static_cast<size_t>(c) * numLambda + j] += acc;
    });
  }
  for (int c = 0; c < chunks; ++c)
    for (int j = 0; j < numLambda; ++j)
      batch.derivs[j * batch.numSlots + op.slot] +=
          op.scale * partial[static_cast<size_t>(c) * numLambda + j];
}

void pauliDeriv(const KernelOp &op, const StateBatch &batch, bool parallel) {
  for (int j = 0; j + 1 < batch.numStates; ++j) {
    double sum = 0;
    for (const PauliTerm &term : *op.pauli)
      sum += term.coeff * pauliInner(batch.states[j + 1], batch.states[0],
                                     batch.numBits, term.pauli, parallel)
                              .imag();
    batch.derivs[j * batch.numSlots + op.slot] += op.scale * sum;
  }
}

Complex powerOfI(int n) {
  static const Complex table[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  return table[n & 3];
}

} // namespace

void runOp(const KernelOp &op, const StateBatch &batch, bool parallel) {
  static const UnitaryKernel unitary[] = {matrix1, matrix2,     matrixK,
                                          swapOp,  parityPhase, maskPhase};
  switch (op.kind) {
  case OpKind::Deriv1:
    deriv1(op, batch, parallel);
    return;
  case OpKind::PauliDeriv:
    pauliDeriv(op, batch, parallel);
    return;
  default:
    applyToAll(unitary[static_cast<int>(op.kind)], op, batch, parallel);
  }
}

Complex pauliInner(const Complex *bra, const Complex *ket, int numBits,
                   const PauliString &p, bool parallel) {
  double sum[2] = {0, 0};
  reduceEachBase(numBits, 0, parallel, 2, sum, [&](Index i, double *acc) {
    Index j = i ^ p.xMask;
    Complex t = mulConj(bra[i], ket[j]);
    double sign = (std::popcount(j & p.zMask) & 1) ? -1.0 : 1.0;
    acc[0] += sign * t.real();
    acc[1] += sign * t.imag();
  });
  return mul(powerOfI(p.numY), Complex(sum[0], sum[1]));
}

void pauliApplyAdd(Complex *out, const Complex *in, int numBits,
                   const PauliString &p, Complex coeff, bool parallel) {
  Complex c = mul(coeff, powerOfI(p.numY));
  forEachBase(numBits, 0, parallel, [&](Index i) {
    Index j = i ^ p.xMask;
    double sign = (std::popcount(j & p.zMask) & 1) ? -1.0 : 1.0;
    out[i] += sign * mul(c, in[j]);
  });
}

Complex innerProduct(const Complex *a, const Complex *b, int numBits,
                     bool parallel) {
  double sum[2] = {0, 0};
  reduceEachBase(numBits, 0, parallel, 2, sum, [&](Index i, double *acc) {
    Complex t = mulConj(a[i], b[i]);
    acc[0] += t.real();
    acc[1] += t.imag();
  });
  return {sum[0], sum[1]};
}

} // namespace qgrad::rt
