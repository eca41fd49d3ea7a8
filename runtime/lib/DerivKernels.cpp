//===- DerivKernels.cpp - Steps of the adjoint sweep ---------------------===//
#include "DerivKernels.h"

#include "DerivRuns.h"
#include "IndexLoops.h"

namespace qgrad::rt {
namespace {

double *doubles(Complex *a) { return reinterpret_cast<double *>(a); }

/// Sum over the pairs of one lambda of Im<lambda|G|phi>, applying the
/// inverse rotation to lambda (and to phi when UpdatePhi).
template <bool UpdatePhi, Shape SM, Gen GK>
double derivSweep(const KernelOp &op, double *phi, double *lambda,
                  const Mat2 &minv, const Mat2 &g, Index begin, Index end) {
  int target = op.targets[0];
  Index bit = Index(1) << target;
  if (isShortTarget(target, op.ctrl)) {
    V8 im = splat(0), re = splat(0);
    withShortTarget(target, [&]<int T>() {
      for (Index p = begin; p < end; p += 4) {
        Index x = 2 * pairToX<T>(p), y = x + 2 * bit;
        derivVector<UpdatePhi, SM, GK>(phi + x, phi + y, lambda + x, lambda + y,
                                       minv, g, im, re);
      }
    });
    return imConjProductSum(im) + sumLanes(re);
  }
  double acc = 0;
  if (target == 0)
    forRunsInRange(begin, end, op.ctrl >> 1, [&](Index p, Index length) {
      Index x = 2 * ((p << 1) + op.ctrl);
      acc += derivLowRun<UpdatePhi, SM, GK, 0>(phi + x, lambda + x, 2 * length,
                                               minv, g);
    });
  else if (target == 1 && !(op.ctrl & 1))
    forRunsInRange(begin / 2, end / 2, op.ctrl >> 2,
                   [&](Index q, Index length) {
                     Index x = 2 * ((q << 2) + op.ctrl);
                     acc += derivLowRun<UpdatePhi, SM, GK, 1>(
                         phi + x, lambda + x, 4 * length, minv, g);
                   });
  else
    forRunsInRange(begin, end, op.ctrl | bit, [&](Index start, Index length) {
      Index x = 2 * (start + op.ctrl), y = x + 2 * bit;
      acc += derivRun<UpdatePhi, SM, GK>(phi + x, phi + y, lambda + x,
                                         lambda + y, length, minv, g);
    });
  return acc;
}

/// The adjoint sweep's step for a one-target rotation: accumulates
/// Im<lambda_j|G|phi> and applies the inverse rotation to phi and every
/// lambda_j, all in one pass over the amplitudes.
} // namespace

void runDeriv1(const KernelOp &op, const StateBatch &batch, bool parallel) {
  if (op.targets.size() == 2) {
    // A CNOT folded in (foldSwapsIntoDerivs) that runs without its pair.
    KernelOp x;
    x.kind = OpKind::Swap;
    x.targets = {op.targets[0]};
    x.ctrl = Index(1) << op.targets[1];
    runOp(x, batch, parallel);
    KernelOp step = op;
    step.targets.resize(1);
    return runDeriv1(step, batch, parallel);
  }
  const Mat2 minv(op.matrix.data()), g(op.generator);
  double *phi = doubles(batch.states[0]);
  int numLambda = batch.numStates - 1;
  Index total = Index(1) << (batch.numBits - 1 - std::popcount(op.ctrl));
  int chunks = chunkCount(total, parallel);
  std::vector<double> partial(static_cast<size_t>(chunks) * numLambda, 0.0);
  for (int j = 0; j < numLambda; ++j) {
    double *lambda = doubles(batch.states[j + 1]);
    bool last = j + 1 == numLambda;
    forChunks(total, parallel, [&](int c, Index begin, Index end) {
      partial[static_cast<size_t>(c) * numLambda + j] +=
          withShape(minv.shape, [&]<Shape SM>() {
            return withGen(genOf(op.generator), [&]<Gen GK>() {
              return last ? derivSweep<true, SM, GK>(op, phi, lambda, minv, g,
                                                     begin, end)
                          : derivSweep<false, SM, GK>(op, phi, lambda, minv, g,
                                                      begin, end);
            });
          });
    });
  }
  for (int c = 0; c < chunks; ++c)
    for (int j = 0; j < numLambda; ++j)
      batch.derivs[j * batch.numSlots + op.slot] +=
          op.scale * partial[static_cast<size_t>(c) * numLambda + j];
}

namespace {

/// Whether m can be applied with the loops of shape s.
bool fits(Shape s, const Complex *m) {
  switch (s) {
  case Shape::Real:
    return !m[0].imag() && !m[1].imag() && !m[2].imag() && !m[3].imag();
  case Shape::RXLike:
    return !m[0].imag() && !m[3].imag() && !m[1].real() && !m[2].real();
  case Shape::Diagonal:
    return m[1] == 0.0 && m[2] == 0.0;
  default:
    return true;
  }
}

/// The shape of a rotation's matrices by its Pauli generator: RX is
/// RX-like, RY real, RZ diagonal.
Shape rotationShape(Gen gen) {
  return gen == Gen::PauliX   ? Shape::RXLike
         : gen == Gen::PauliY ? Shape::Real
                              : Shape::Diagonal;
}

template <class F> decltype(auto) withRotation(Gen gen, F &&f) {
  switch (gen) {
  case Gen::PauliX:
    return f.template operator()<Shape::RXLike, Gen::PauliX>();
  case Gen::PauliY:
    return f.template operator()<Shape::Real, Gen::PauliY>();
  default:
    return f.template operator()<Shape::Diagonal, Gen::PauliZ>();
  }
}

} // namespace

bool canPairDeriv1(const KernelOp &first, const KernelOp &second) {
  auto rotation = [](const KernelOp &op) {
    Gen gen = genOf(op.generator);
    return op.kind == OpKind::Deriv1 && !op.ctrl && op.targets[0] >= 2 &&
           gen != Gen::General && fits(rotationShape(gen), op.matrix.data());
  };
  // Only the first may carry a folded CNOT, whose control must be constant
  // along the runs below the target.
  return rotation(first) && rotation(second) && second.targets.size() == 1 &&
         (first.targets.size() == 1 || first.targets[1] > first.targets[0]) &&
         first.targets[0] == second.targets[0];
}

void runDeriv1Pair(const KernelOp &first, const KernelOp &second,
                   const StateBatch &batch, bool parallel) {
  const Mat2 m0(first.matrix.data()), m1(second.matrix.data()),
      g0(first.generator), g1(second.generator);
  const Mat2 *const minv[2] = {&m0, &m1}, *const g[2] = {&g0, &g1};
  double *phi = doubles(batch.states[0]);
  int numLambda = batch.numStates - 1;
  Index bit = Index(1) << first.targets[0];
  // No folded CNOT: a select bit that is never set.
  int swapSelect = first.targets.size() == 2 ? first.targets[1] : 63;
  Index total = Index(1) << (batch.numBits - 1);
  int chunks = chunkCount(total, parallel);
  std::vector<double> partial(static_cast<size_t>(chunks) * numLambda * 2, 0.0);
  for (int j = 0; j < numLambda; ++j) {
    double *lambda = doubles(batch.states[j + 1]);
    bool last = j + 1 == numLambda;
    forChunks(total, parallel, [&](int c, Index begin, Index end) {
      double *sums =
          partial.data() + 2 * (static_cast<size_t>(c) * numLambda + j);
      withRotation(genOf(first.generator), [&]<Shape S1, Gen G1>() {
        withRotation(genOf(second.generator), [&]<Shape S2, Gen G2>() {
          forRunsInRange(begin, end, bit, [&](Index start, Index length) {
            Index x = 2 * start, y = x + 2 * bit;
            // The folded CNOT: its control is above the target, so constant
            // along the run, and X exchanges the halves.
            bool exchange = (start >> swapSelect) & 1;
            auto body = [&]<bool UpdatePhi, bool Exchange>() {
              derivRun2<UpdatePhi, S1, G1, S2, G2, Exchange>(
                  phi + x, phi + y, lambda + x, lambda + y, length, minv, g,
                  sums);
            };
            if (last)
              exchange ? body.template operator()<true, true>()
                       : body.template operator()<true, false>();
            else
              exchange ? body.template operator()<false, true>()
                       : body.template operator()<false, false>();
          });
        });
      });
    });
  }
  for (int c = 0; c < chunks; ++c)
    for (int j = 0; j < numLambda; ++j) {
      const double *sums =
          partial.data() + 2 * (static_cast<size_t>(c) * numLambda + j);
      batch.derivs[j * batch.numSlots + first.slot] += first.scale * sums[0];
      batch.derivs[j * batch.numSlots + second.slot] += second.scale * sums[1];
    }
}

void runPauliDeriv(const KernelOp &op, const StateBatch &batch, bool parallel) {
  for (int j = 0; j + 1 < batch.numStates; ++j) {
    double sum = 0;
    for (const PauliTerm &term : *op.pauli)
      sum += term.coeff * pauliInner(batch.states[j + 1], batch.states[0],
                                     batch.numBits, term.pauli, parallel)
                              .imag();
    batch.derivs[j * batch.numSlots + op.slot] += op.scale * sum;
  }
}

} // namespace qgrad::rt
