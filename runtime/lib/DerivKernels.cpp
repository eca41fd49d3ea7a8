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
