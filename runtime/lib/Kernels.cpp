//===- Kernels.cpp - State-vector kernels ---------------------------------===//
#include "qgrad/Runtime/Kernels.h"

#include "DerivKernels.h"
#include "IndexLoops.h"
#include "RunKernels.h"

#include <cassert>

namespace qgrad::rt {
namespace {

Complex madd2(Complex m0, Complex x, Complex m1, Complex y) {
  return {m0.real() * x.real() - m0.imag() * x.imag() + m1.real() * y.real() -
              m1.imag() * y.imag(),
          m0.real() * x.imag() + m0.imag() * x.real() + m1.real() * y.imag() +
              m1.imag() * y.real()};
}

double *doubles(Complex *a) { return reinterpret_cast<double *>(a); }

/// Visits the pairs (i, i + 2^target) with every ctrl bit set, as runs:
/// split(x, length) gets the first index of a run of `length` pairs whose
/// partners follow 2^target later. Targets on bit 0 or 1 (without a control
/// on bit 0) keep pairs inside groups of 4 amplitudes, and low<Target>(x,
/// amplitudes) gets runs of whole pairs.
template <class Split, class Low>
void forPairRuns(int numBits, int target, Index ctrl, bool parallel,
                 Split split, Low low) {
  if (target == 0) {
    forEachRun(numBits - 1, ctrl >> 1, parallel, [&](Index p, Index length) {
      low.template operator()<0>((p << 1) + ctrl, 2 * length);
    });
    return;
  }
  if (target == 1 && !(ctrl & 1) && numBits >= 2) {
    forEachRun(numBits - 2, ctrl >> 2, parallel, [&](Index q, Index length) {
      low.template operator()<1>((q << 2) + ctrl, 4 * length);
    });
    return;
  }
  forEachRun(numBits, ctrl | (Index(1) << target), parallel,
             [&](Index start, Index length) { split(start + ctrl, length); });
}

/// Calls body(x, bit) for every 4 pairs of a target on bit 2, 3 or 4 (see
/// pairToX), chunked for threads.
template <class Body>
void forShortTargetVectors(int numBits, int target, bool parallel, Body body) {
  forChunks(Index(1) << (numBits - 1), parallel,
            [&](int, Index begin, Index end) {
              withShortTarget(target, [&]<int T>() {
                for (Index p = begin; p < end; p += 4)
                  body(pairToX<T>(p), Index(1) << T);
              });
            });
}

void matrix1(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  const Mat2 m(op.matrix.data());
  double *d = doubles(a);
  if (isShortTarget(op.targets[0], op.ctrl)) {
    withShape(m.shape, [&]<Shape S>() {
      forShortTargetVectors(numBits, op.targets[0], parallel,
                            [&](Index x, Index bit) {
                              matrix1Vector<S>(d + 2 * x, d + 2 * (x + bit), m);
                            });
    });
    return;
  }
  Index bit = Index(1) << op.targets[0];
  forPairRuns(
      numBits, op.targets[0], op.ctrl, parallel,
      [&](Index x, Index length) {
        withShape(m.shape, [&]<Shape S>() {
          matrix1Run<S>(d + 2 * x, d + 2 * (x + bit), length, m);
        });
      },
      [&]<int Target>(Index x, Index amplitudes) {
        withShape(m.shape, [&]<Shape S>() {
          matrix1LowRun<S, Target>(d + 2 * x, amplitudes, m);
        });
      });
}

void matrix1Pair(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  const Mat2 ma(op.matrix.data()), mb(op.matrix.data() + 4);
  double *d = doubles(a);
  int low = op.targets[0], high = op.targets[1];
  Index lo = Index(1) << low, hi = Index(1) << high;
  if (low >= 2) {
    forEachRun(numBits, lo | hi, parallel, [&](Index start, Index length) {
      matrix1PairRun(d + 2 * start, lo, hi, length, ma, mb);
    });
    return;
  }
  if (high >= 2) {
    forEachRun(numBits, hi, parallel, [&](Index start, Index length) {
      if (low == 0)
        matrix1PairLowRun<0>(d + 2 * start, hi, length, ma, mb);
      else
        matrix1PairLowRun<1>(d + 2 * start, hi, length, ma, mb);
    });
    return;
  }
  forEachRun(numBits, 0, parallel, [&](Index start, Index length) {
    matrix1PairInVectorRun(d + 2 * start, length, ma, mb);
  });
}

/// A 2x2 on one bit whose matrix depends on another (select) bit.
void matrix1Cond(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  double *d = doubles(a);
  int target = op.targets[0], select = op.targets[1];
  Index bit = Index(1) << target;
  const Complex *m0 = op.matrix.data(), *m1 = m0 + 4;
  auto low = [&](Index x, Index amplitudes, const Mat2 &m) {
    if (target == 0)
      matrix1LowRun<Shape::General, 0>(d + 2 * x, amplitudes, m);
    else
      matrix1LowRun<Shape::General, 1>(d + 2 * x, amplitudes, m);
  };
  if (isShortTarget(target, 0)) {
    const Mat2 first(m0), second(m1);
    const Mat2 mixed = select < 2 ? Mat2(m0, m1, select) : first;
    forShortTargetVectors(numBits, target, parallel, [&](Index x, Index bit) {
      const Mat2 &m = select < 2 ? mixed : ((x >> select) & 1) ? second : first;
      matrix1Vector<Shape::General>(d + 2 * x, d + 2 * (x + bit), m);
    });
    return;
  }
  if (select < 2) { // both matrices share every vector
    const Mat2 mixed(m0, m1, select);
    if (target >= 2)
      forEachRun(numBits, bit, parallel, [&](Index x, Index length) {
        matrix1Run<Shape::General>(d + 2 * x, d + 2 * (x + bit), length, mixed);
      });
    else
      forEachRun(numBits, 0, parallel,
                 [&](Index x, Index length) { low(x, length, mixed); });
    return;
  }
  const Mat2 first(m0), second(m1);
  const Mat2 *const mats[2] = {&first, &second};
  if (target >= 2) {
    forEachRun(numBits, bit, parallel, [&](Index x, Index length) {
      matrix1RunSelect(d, x, bit, length, mats, select);
    });
    return;
  }
  forEachRun(numBits, 0, parallel, [&](Index x, Index length) {
    if (target == 0)
      matrix1LowRunSelect<0>(d, x, length, mats, select);
    else
      matrix1LowRunSelect<1>(d, x, length, mats, select);
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

/// Lanes (amplitudes 0..3 of a vector) whose low index bits include ctrlLow.
V8i laneMask(Index ctrlLow) {
  V8i mask;
  for (int k = 0; k < 4; ++k)
    mask[2 * k] = mask[2 * k + 1] = (Index(k) & ctrlLow) == ctrlLow ? -1 : 0;
  return mask;
}

/// An X on one target under controls that include bit 0 or 1: the controls
/// select lanes of each vector, so the runs stay long.
void swapLowControlled(const KernelOp &op, Complex *a, int numBits,
                       bool parallel) {
  double *d = doubles(a);
  int target = op.targets[0];
  Index ctrlLow = op.ctrl & 3, ctrlHigh = op.ctrl & ~Index(3);
  V8i select = laneMask(ctrlLow);
  auto inVector = [&]<int Target>(Index first, Index amplitudes) {
    for (Index k = 0; k < amplitudes; k += 4) {
      V8 v = load(d + 2 * (first + k));
      store(d + 2 * (first + k), select ? partners<Target>(v) : v);
    }
  };
  if (target < 2) {
    forEachRun(
        numBits - 2, ctrlHigh >> 2, parallel, [&](Index q, Index length) {
          if (target == 0)
            inVector.template operator()<0>((q << 2) + ctrlHigh, 4 * length);
          else
            inVector.template operator()<1>((q << 2) + ctrlHigh, 4 * length);
        });
    return;
  }
  Index bit = Index(1) << target;
  forEachRun(numBits, ctrlHigh | bit, parallel, [&](Index start, Index length) {
    double *x = d + 2 * (start + ctrlHigh), *y = x + 2 * bit;
    for (Index k = 0; k < 2 * length; k += 8) {
      V8 vx = load(x + k), vy = load(y + k);
      store(x + k, select ? vy : vx);
      store(y + k, select ? vx : vy);
    }
  });
}

void swapOp(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  double *d = doubles(a);
  if (op.targets.size() == 1 && (op.ctrl & 3) && numBits >= 3) {
    swapLowControlled(op, a, numBits, parallel);
    return;
  }
  if (op.targets.size() == 1) {
    Index bit = Index(1) << op.targets[0];
    forPairRuns(
        numBits, op.targets[0], op.ctrl, parallel,
        [&](Index x, Index length) {
          swapRun(d + 2 * x, d + 2 * (x + bit), length);
        },
        [&]<int Target>(Index x, Index amplitudes) {
          Index k = 0;
          for (; k + 4 <= amplitudes; k += 4)
            store(d + 2 * (x + k), partners<Target>(load(d + 2 * (x + k))));
          for (; k < amplitudes; k += 2)
            std::swap(a[x + k], a[x + k + 1]);
        });
    return;
  }
  Index x = Index(1) << op.targets[0], y = Index(1) << op.targets[1];
  forEachRun(numBits, op.ctrl | x | y, parallel,
             [&](Index start, Index length) {
               Index base = start + op.ctrl;
               swapRun(d + 2 * (base + x), d + 2 * (base + y), length);
             });
}

void parityPhase(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  const Complex even = op.matrix[0], odd = op.matrix[1];
  double *d = doubles(a);
  if (op.targets.size() == 1) {
    Index bit = Index(1) << op.targets[0];
    forPairRuns(
        numBits, op.targets[0], op.ctrl, parallel,
        [&](Index x, Index length) {
          scaleRun(d + 2 * x, length, even);
          scaleRun(d + 2 * (x + bit), length, odd);
        },
        [&]<int Target>(Index x, Index amplitudes) {
          for (Index k = 0; k < amplitudes; ++k)
            a[x + k] = mul(a[x + k], ((k >> Target) & 1) ? odd : even);
        });
    return;
  }
  Index mask = 0;
  for (int t : op.targets)
    mask |= Index(1) << t;
  forEachBase(numBits, op.ctrl, parallel, [&](Index i) {
    Index j = i + op.ctrl;
    a[j] = mul(a[j], (std::popcount(j & mask) & 1) ? odd : even);
  });
}

void maskPhase(const KernelOp &op, Complex *a, int numBits, bool parallel) {
  Index mask = op.ctrl;
  for (int t : op.targets)
    mask |= Index(1) << t;
  double *d = doubles(a);
  forEachRun(numBits, mask, parallel, [&](Index start, Index length) {
    scaleRun(d + 2 * (start + mask), length, op.matrix[0]);
  });
}

using UnitaryKernel = void (*)(const KernelOp &, Complex *, int, bool);

void applyToAll(UnitaryKernel kernel, const KernelOp &op,
                const StateBatch &batch, bool parallel) {
  for (int s = 0; s < batch.numStates; ++s)
    kernel(op, batch.states[s], batch.numBits, parallel);
}

Complex powerOfI(int n) {
  static const Complex table[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  return table[n & 3];
}

} // namespace

void runOp(const KernelOp &op, const StateBatch &batch, bool parallel) {
  static const UnitaryKernel unitary[] = {matrix1,     matrix2,     matrixK,
                                          swapOp,      parityPhase, maskPhase,
                                          matrix1Pair, matrix1Cond};
  switch (op.kind) {
  case OpKind::Deriv1:
    runDeriv1(op, batch, parallel);
    return;
  case OpKind::PauliDeriv:
    runPauliDeriv(op, batch, parallel);
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
