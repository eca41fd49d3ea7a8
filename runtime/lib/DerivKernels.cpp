//===- DerivKernels.cpp - Steps of the adjoint sweep ---------------------===//
#include "DerivKernels.h"

#include "DerivRuns.h"
#include "IndexLoops.h"

namespace qgrad::rt {
namespace {

double *doubles(Complex *a) { return reinterpret_cast<double *>(a); }

/// Sum over the pairs of one lambda of Im<lambda|G|phi>, applying the
/// inverse rotation to lambda (and to phi when UpdatePhi). With a map, the
/// op's bits and [begin, end) are a tile's local indices (TileMap).
template <bool UpdatePhi, Shape SM, Gen GK>
double derivSweep(const KernelOp &op, double *phi, double *lambda,
                  const Mat2 &minv, const Mat2 &g, Index begin, Index end,
                  const TileMap *map) {
  int target = op.targets[0];
  Index bit = Index(1) << target;
  V8 im = splat(0), re = splat(0);
  if (isShortTarget(target, op.ctrl)) {
    withShortTarget(target, [&]<int T>() {
      V8 accIm = splat(0), accRe = splat(0);
      for (Index p = begin; p < end; p += 4) {
        Index local = pairToX<T>(p);
        Index x = 2 * (map ? map->at(local) : local),
              y = map ? 2 * map->at(local + bit) : x + 2 * bit;
        derivVector<UpdatePhi, SM, GK>(phi + x, phi + y, lambda + x, lambda + y,
                                       minv, g, accIm, accRe);
      }
      im += accIm;
      re += accRe;
    });
    return imConjProductSum(im) + sumLanes(re);
  }
  double acc = 0;
  auto low = [&]<int T>(Index first, Index amplitudes) {
    forPieces(map, first, amplitudes, [&](Index, Index x, Index length) {
      acc += derivLowRun<UpdatePhi, SM, GK, T>(phi + 2 * x, lambda + 2 * x,
                                               length, minv, g, im, re);
    });
  };
  if (target == 0)
    forRunsInRange(begin, end, op.ctrl >> 1, [&](Index p, Index length) {
      low.template operator()<0>((p << 1) + op.ctrl, 2 * length);
    });
  else if (target == 1 && !(op.ctrl & 1))
    forRunsInRange(begin / 2, end / 2, op.ctrl >> 2,
                   [&](Index q, Index length) {
                     low.template operator()<1>((q << 2) + op.ctrl, 4 * length);
                   });
  else
    forRunsInRange(begin, end, op.ctrl | bit, [&](Index start, Index length) {
      forPieces(
          map, start + op.ctrl, length, [&](Index local, Index x, Index piece) {
            Index y = map ? map->at(local + bit) : x + bit;
            acc += derivRun<UpdatePhi, SM, GK>(phi + 2 * x, phi + 2 * y,
                                               lambda + 2 * x, lambda + 2 * y,
                                               piece, minv, g, im, re);
          });
    });
  return acc + imConjProductSum(im) + sumLanes(re);
}

/// The adjoint sweep's step for a one-target rotation: accumulates
/// Im<lambda_j|G|phi> and applies the inverse rotation to phi and every
/// lambda_j, all in one pass over the amplitudes.
} // namespace

void runDeriv1(const KernelOp &op, const StateBatch &batch, bool parallel,
               const TileMap *map) {
  if (op.targets.size() == 2) {
    // A CNOT folded in (foldSwapsIntoDerivs) that runs without its pair.
    KernelOp x;
    x.kind = OpKind::Swap;
    x.targets = {op.targets[0]};
    x.ctrl = Index(1) << op.targets[1];
    if (map)
      runSwapTile(x, batch, *map);
    else
      runOp(x, batch, parallel);
    KernelOp step = op;
    step.targets.resize(1);
    return runDeriv1(step, batch, parallel, map);
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
                                                     begin, end, map)
                          : derivSweep<false, SM, GK>(op, phi, lambda, minv, g,
                                                      begin, end, map);
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

/// Calls f.template operator()<UpdatePhi, Exchange>() with the flags
/// values: loops compiled for each case, chosen once per run.
template <class F>
[[gnu::always_inline]] inline void withFlags(bool updatePhi, bool exchange,
                                             F &&f) {
  if (updatePhi)
    exchange ? f.template operator()<true, true>()
             : f.template operator()<true, false>();
  else
    exchange ? f.template operator()<false, true>()
             : f.template operator()<false, false>();
}

} // namespace

bool canPairDeriv1(const KernelOp &first, const KernelOp &second) {
  auto rotation = [](const KernelOp &op) {
    Gen gen = genOf(op.generator);
    return op.kind == OpKind::Deriv1 && !op.ctrl && gen != Gen::General &&
           fits(rotationShape(gen), op.matrix.data());
  };
  // Only the first may carry a folded CNOT, whose control must be constant
  // along the runs below the target.
  return rotation(first) && rotation(second) && second.targets.size() == 1 &&
         (first.targets.size() == 1 || first.targets[1] > first.targets[0]) &&
         first.targets[0] == second.targets[0];
}

void runDeriv1Pair(const KernelOp &first, const KernelOp &second,
                   const StateBatch &batch, bool parallel, const TileMap *map) {
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
      V8 acc[2] = {splat(0), splat(0)}, accRe[2] = {splat(0), splat(0)};
      withRotation(genOf(first.generator), [&]<Shape S1, Gen G1>() {
        withRotation(genOf(second.generator), [&]<Shape S2, Gen G2>() {
          auto piece = [&](Index local, Index x, Index y,
                           Index length) __attribute__((always_inline)) {
            double *px = phi + 2 * x, *py = phi + 2 * y, *lx = lambda + 2 * x,
                   *ly = lambda + 2 * y;
            // The folded CNOT: its control is above the target, so constant
            // along the run, and X exchanges the halves.
            withFlags(last, (local >> swapSelect) & 1,
                      [&]<bool UpdatePhi, bool Exchange>() {
                        derivRun2<UpdatePhi, S1, G1, S2, G2, Exchange>(
                            px, py, lx, ly, length, minv, g, acc, accRe);
                      });
          };
          if (bit < 4) {
            // Both halves inside every vector: pairs [begin, end) are the
            // amplitudes [2 begin, 2 end) (chunk bounds are multiples of 8).
            forPieces(
                map, 2 * begin, 2 * (end - begin),
                [&](Index local, Index x, Index length) {
                  auto run = [&]<bool UpdatePhi, bool Exchange, int T>() {
                    derivLowRun2<UpdatePhi, S1, G1, S2, G2, T, Exchange>(
                        phi + 2 * x, lambda + 2 * x, local, length, minv, g,
                        swapSelect, acc, accRe);
                  };
                  withFlags(
                      last, swapSelect < 63,
                      [&]<bool UpdatePhi, bool Exchange>() {
                        if (bit == 1)
                          run.template operator()<UpdatePhi, Exchange, 0>();
                        else
                          run.template operator()<UpdatePhi, Exchange, 1>();
                      });
                });
          } else if (!map) {
            forRunsInRange(begin, end, bit, [&](Index start, Index length) {
              piece(start, start, start + bit, length);
            });
          } else if (bit >> map->runBits) {
            // The target is above the tile's runs: the runs pair up whole.
            Index runBit = bit >> map->runBits, below = runBit - 1;
            for (Index q = begin >> map->runBits; q < end >> map->runBits;
                 ++q) {
              Index r = ((q & ~below) << 1) | (q & below);
              piece(r << map->runBits, map->base + map->runOffset[r],
                    map->base + map->runOffset[r | runBit],
                    Index(1) << map->runBits);
            }
          } else {
            // Inside the runs: pairs never straddle two of them.
            forRunsInRange(begin, end, bit, [&](Index start, Index length) {
              Index x = map->at(start);
              piece(start, x, x + bit, length);
            });
          }
        });
      });
      for (int i = 0; i < 2; ++i)
        sums[i] += imConjProductSum(acc[i]) + sumLanes(accRe[i]);
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

void runSwapTile(const KernelOp &op, const StateBatch &batch,
                 const TileMap &map) {
  int target = op.targets[0];
  Index bit = Index(1) << target, high = op.ctrl & ~Index(3), low = op.ctrl & 3;
  // The lanes (amplitudes of a vector) whose bits 0 and 1 hold the controls
  // there take part.
  V8i lanes;
  for (int k = 0; k < 4; ++k)
    lanes[2 * k] = lanes[2 * k + 1] = (Index(k) & low) == low ? -1 : 0;
  auto blend = [&](V8 keep, V8 take) { return rt::blend(keep, take, lanes); };
  for (int s = 0; s < batch.numStates; ++s) {
    double *d = doubles(batch.states[s]);
    if (target < 2) {
      // Both halves are inside every vector: walk the tile's runs whole
      // (controls on bits 2 and up can leave runs of 4 amplitudes) and
      // pick the vectors whose index holds the controls.
      Index runMask = (Index(1) << map.runBits) - 1;
      forPieces(&map, 0, Index(1) << batch.numBits,
                [&](Index local, Index x, Index piece) {
                  if ((local & high & ~runMask) != (high & ~runMask))
                    return;
                  double *px = d + 2 * x;
                  for (Index k = 0; k < piece; k += 4) {
                    if (((local + k) & high) != high)
                      continue;
                    V8 v = load(px + 2 * k);
                    store(px + 2 * k, blend(v, target == 0 ? partners<0>(v)
                                                           : partners<1>(v)));
                  }
                });
      continue;
    }
    Index zero = high | bit;
    Index total = Index(1) << (batch.numBits - std::popcount(zero));
    forRunsInRange(0, total, zero, [&](Index start, Index length) {
      forPieces(&map, start + high, length,
                [&](Index local, Index x, Index piece) {
                  double *px = d + 2 * x, *py = d + 2 * map.at(local + bit);
                  for (Index k = 0; k < 2 * piece; k += 8) {
                    V8 vx = load(px + k), vy = load(py + k);
                    store(px + k, blend(vx, vy));
                    store(py + k, blend(vy, vx));
                  }
                });
    });
  }
}

} // namespace qgrad::rt
