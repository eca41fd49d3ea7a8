//===- DerivRuns.h - Inner loops of the fused adjoint sweep ----*- C++ -*-===//
//
// One step of the adjoint sweep on a run of amplitude pairs: the inner
// product Im<lambda|G|phi> with the rotation's generator, and the inverse
// rotation applied to lambda (and phi), in one pass over the pairs.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_LIB_DERIVRUNS_H
#define QGRAD_RUNTIME_LIB_DERIVRUNS_H

#include "RunKernels.h"

namespace qgrad::rt {

/// Lanes of l * swapReIm(g) = (l.re g.im, l.im g.re, ...) summed with
/// alternating signs: sum of Im(conj(l) g).
inline double imConjProductSum(V8 lanes) {
  return lanes[0] - lanes[1] + lanes[2] - lanes[3] + lanes[4] - lanes[5] +
         lanes[6] - lanes[7];
}
inline double sumLanes(V8 v) {
  return v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
}
inline double imConjProduct(Complex l, Complex g) {
  return l.real() * g.imag() - l.imag() * g.real();
}

/// Generators of the adjoint sweep. For the Pauli ones the inner product
/// needs no multiplication by G: Im<a|X|v> = Im(conj(ax) vy + conj(ay) vx),
/// Im<a|Y|v> = Re(conj(ay) vx) - Re(conj(ax) vy), Im<a|Z|v> = Im(conj(ax) vx
/// - conj(ay) vy).
enum class Gen { PauliX, PauliY, PauliZ, General };

inline Gen genOf(const Complex *g) {
  const Complex i(0, 1);
  if (g[0] == 0.0 && g[1] == 1.0 && g[2] == 1.0 && g[3] == 0.0)
    return Gen::PauliX;
  if (g[0] == 0.0 && g[1] == -i && g[2] == i && g[3] == 0.0)
    return Gen::PauliY;
  if (g[0] == 1.0 && g[1] == 0.0 && g[2] == 0.0 && g[3] == -1.0)
    return Gen::PauliZ;
  return Gen::General;
}

template <class F> inline decltype(auto) withGen(Gen gen, F &&f) {
  return dispatch<Gen::PauliX, Gen::PauliY, Gen::PauliZ, Gen::General>(
      gen, std::forward<F>(f));
}

/// +1 on the amplitudes of a vector whose bit Target is 1, -1 on the others.
template <int Target> inline V8 halfSign() {
  V8 s;
  for (int k = 0; k < 4; ++k)
    s[2 * k] = s[2 * k + 1] = ((k >> Target) & 1) ? 1.0 : -1.0;
  return s;
}

/// One step of the fused adjoint sweep on 4 pairs in registers: the halves
/// of phi (vx, vy) and of lambda (ax, ay). Adds Im<lambda|G|phi> into acc
/// (lanes of Im) and accRe (lanes of Re), then applies minv to the lambda
/// pairs (and to the phi pairs when updatePhi).
template <Shape SM, Gen GK>
inline void derivStep(V8 &vx, V8 &vy, V8 &ax, V8 &ay, bool updatePhi,
                      const Mat2 &minv, const Mat2 &g, V8 &acc, V8 &accRe) {
  V8 sx = swapReIm(vx), sy = swapReIm(vy);
  // conj(a).b has imaginary part a.re b.im - a.im b.re: the alternating
  // sum of the lanes of a * swapReIm(b); its real part sums a * b.
  if constexpr (GK == Gen::PauliX) {
    acc += ax * sy + ay * sx;
  } else if constexpr (GK == Gen::PauliY) {
    accRe += ay * vx - ax * vy;
  } else if constexpr (GK == Gen::PauliZ) {
    acc += ax * sx - ay * sy;
  } else {
    constexpr Shape G = Shape::General;
    V8 gx = g.rowX<G>(vx, sx, vy, sy), gy = g.rowY<G>(vx, sx, vy, sy);
    acc += ax * swapReIm(gx) + ay * swapReIm(gy);
  }
  V8 tx = swapReIm(ax), ty = swapReIm(ay);
  V8 nx = minv.rowX<SM>(ax, tx, ay, ty);
  ay = minv.rowY<SM>(ax, tx, ay, ty);
  ax = nx;
  if (updatePhi) {
    nx = minv.rowX<SM>(vx, sx, vy, sy);
    vy = minv.rowY<SM>(vx, sx, vy, sy);
    vx = nx;
  }
}

/// One step of the fused adjoint sweep on one vector of 4 pairs: x and y
/// point at the two halves in phi (px, py) and lambda (lx, ly); adds
/// Im<lambda|G|phi> into acc (lanes of Im) and accRe (lanes of Re), then
/// applies minv to the lambda pairs (and to the phi pairs when UpdatePhi).
template <bool UpdatePhi, Shape SM, Gen GK>
inline void derivVector(double *px, double *py, double *lx, double *ly,
                        const Mat2 &minv, const Mat2 &g, V8 &acc, V8 &accRe) {
  V8 vx = load(px), vy = load(py), ax = load(lx), ay = load(ly);
  derivStep<SM, GK>(vx, vy, ax, ay, UpdatePhi, minv, g, acc, accRe);
  store(lx, ax);
  store(ly, ay);
  if (UpdatePhi) {
    store(px, vx);
    store(py, vy);
  }
}

/// Two steps on the same target (the factors of RX then RY, or of Rot) on
/// split runs, in one pass: the pairs stay in registers between them. With
/// Exchange, an X on the target comes first (a folded CNOT whose control is
/// set along the run): the halves trade places as they are loaded.
/// The inner products go to the lanes of acc (Im) and accRe (Re) of each
/// step, summed by the caller (imConjProductSum, sumLanes) once all runs
/// are done. length is a multiple of 4.
template <bool UpdatePhi, Shape S1, Gen G1, Shape S2, Gen G2,
          bool Exchange = false>
inline void derivRun2(double *px, double *py, double *lx, double *ly,
                      Index length, const Mat2 *const minv[2],
                      const Mat2 *const g[2], V8 sum[2], V8 sumRe[2]) {
  // Local accumulators stay in registers; the callers' would make a chain
  // through memory (the stores to the state may alias them).
  V8 acc[2] = {splat(0), splat(0)}, accRe[2] = {splat(0), splat(0)};
  for (Index k = 0; k < 2 * length; k += 8) {
    V8 vx = load((Exchange ? py : px) + k), vy = load((Exchange ? px : py) + k),
       ax = load((Exchange ? ly : lx) + k), ay = load((Exchange ? lx : ly) + k);
    derivStep<S1, G1>(vx, vy, ax, ay, true, *minv[0], *g[0], acc[0], accRe[0]);
    derivStep<S2, G2>(vx, vy, ax, ay, UpdatePhi, *minv[1], *g[1], acc[1],
                      accRe[1]);
    store(lx + k, ax);
    store(ly + k, ay);
    if (UpdatePhi) {
      store(px + k, vx);
      store(py + k, vy);
    }
  }
  for (int i = 0; i < 2; ++i) {
    sum[i] += acc[i];
    sumRe[i] += accRe[i];
  }
}

/// One step on split runs: the vectors' inner products go to the lanes of
/// acc and accRe (summed by the caller), a scalar tail's are returned.
template <bool UpdatePhi, Shape SM, Gen GK>
inline double derivRun(double *px, double *py, double *lx, double *ly,
                       Index length, const Mat2 &minv, const Mat2 &g, V8 &sumIm,
                       V8 &sumRe) {
  V8 acc = splat(0), accRe = splat(0);
  Index k = 0;
  for (; k + 4 <= length; k += 4)
    derivVector<UpdatePhi, SM, GK>(px + 2 * k, py + 2 * k, lx + 2 * k,
                                   ly + 2 * k, minv, g, acc, accRe);
  sumIm += acc;
  sumRe += accRe;
  double sum = 0;
  Complex *cpx = reinterpret_cast<Complex *>(px),
          *cpy = reinterpret_cast<Complex *>(py);
  Complex *clx = reinterpret_cast<Complex *>(lx),
          *cly = reinterpret_cast<Complex *>(ly);
  for (; k < length; ++k) {
    Complex gx = mul(g.m[0], cpx[k]) + mul(g.m[1], cpy[k]);
    Complex gy = mul(g.m[2], cpx[k]) + mul(g.m[3], cpy[k]);
    sum += imConjProduct(clx[k], gx) + imConjProduct(cly[k], gy);
    pairUpdate(minv.m, clx[k], cly[k]);
    if (UpdatePhi)
      pairUpdate(minv.m, cpx[k], cpy[k]);
  }
  return sum;
}

/// One step on a vector that holds both halves of its pairs (a target on
/// bit 0 or 1): v from phi, a from lambda; sign is halfSign<Target>().
template <Shape SM, Gen GK, int Target>
[[gnu::always_inline]] inline void derivLowStep(V8 &v, V8 &a, bool updatePhi,
                                                const Mat2 &minv, const Mat2 &g,
                                                V8 sign, V8 &acc, V8 &accRe) {
  if constexpr (GK == Gen::PauliX)
    acc += a * swapReIm(partners<Target>(v));
  else if constexpr (GK == Gen::PauliY)
    accRe += sign * (a * partners<Target>(v));
  else if constexpr (GK == Gen::PauliZ)
    acc -= sign * (a * swapReIm(v));
  else
    acc += a * swapReIm(g.inVector<Shape::General, Target>(v));
  a = minv.inVector<SM, Target>(a);
  if (updatePhi)
    v = minv.inVector<SM, Target>(v);
}

/// derivRun2 for a target on bit 0 or 1: `amplitudes` (a multiple of 4)
/// consecutive amplitudes from local index `first`. With Exchange, an X on
/// the target where bit swapSelect is 1 comes first (a folded CNOT): on the
/// lanes of that bit when it is 0 or 1, on whole vectors otherwise.
template <bool UpdatePhi, Shape S1, Gen G1, Shape S2, Gen G2, int Target,
          bool Exchange>
inline void derivLowRun2(double *p, double *l, Index first, Index amplitudes,
                         const Mat2 *const minv[2], const Mat2 *const g[2],
                         int swapSelect, V8 sum[2], V8 sumRe[2]) {
  V8 acc[2] = {splat(0), splat(0)}, accRe[2] = {splat(0), splat(0)};
  const V8 sign = halfSign<Target>();
  V8i lanes = {}, all = {};
  for (int k = 0; k < 8; ++k)
    all[k] = -1;
  if (swapSelect < 2)
    for (int k = 0; k < 4; ++k)
      lanes[2 * k] = lanes[2 * k + 1] = ((k >> swapSelect) & 1) ? -1 : 0;
  for (Index k = 0; k < amplitudes; k += 4) {
    V8 v = load(p + 2 * k), a = load(l + 2 * k);
    if constexpr (Exchange) {
      V8i m = swapSelect < 2                      ? lanes
              : (((first + k) >> swapSelect) & 1) ? all
                                                  : lanes;
      v = blend(v, partners<Target>(v), m);
      a = blend(a, partners<Target>(a), m);
    }
    derivLowStep<S1, G1, Target>(v, a, true, *minv[0], *g[0], sign, acc[0],
                                 accRe[0]);
    derivLowStep<S2, G2, Target>(v, a, UpdatePhi, *minv[1], *g[1], sign, acc[1],
                                 accRe[1]);
    store(l + 2 * k, a);
    if (UpdatePhi)
      store(p + 2 * k, v);
  }
  for (int i = 0; i < 2; ++i) {
    sum[i] += acc[i];
    sumRe[i] += accRe[i];
  }
}

/// derivRun for a target on bit 0 or 1 (see matrix1LowRun).
template <bool UpdatePhi, Shape SM, Gen GK, int Target>
inline double derivLowRun(double *p, double *l, Index amplitudes,
                          const Mat2 &minv, const Mat2 &g, V8 &sumIm,
                          V8 &sumRe) {
  V8 acc = splat(0), accRe = splat(0);
  const V8 sign = halfSign<Target>();
  Index k = 0;
  for (; k + 4 <= amplitudes; k += 4) {
    V8 v = load(p + 2 * k), a = load(l + 2 * k);
    derivLowStep<SM, GK, Target>(v, a, UpdatePhi, minv, g, sign, acc, accRe);
    store(l + 2 * k, a);
    if (UpdatePhi)
      store(p + 2 * k, v);
  }
  sumIm += acc;
  sumRe += accRe;
  double sum = 0;
  Complex *cp = reinterpret_cast<Complex *>(p);
  Complex *cl = reinterpret_cast<Complex *>(l);
  for (; k < amplitudes; k += 2) {
    Complex &x = cp[k], &y = cp[k + 1];
    Complex gx = mul(g.m[0], x) + mul(g.m[1], y);
    Complex gy = mul(g.m[2], x) + mul(g.m[3], y);
    sum += imConjProduct(cl[k], gx) + imConjProduct(cl[k + 1], gy);
    pairUpdate(minv.m, cl[k], cl[k + 1]);
    if (UpdatePhi)
      pairUpdate(minv.m, x, y);
  }
  return sum;
}

} // namespace qgrad::rt

#endif
