//===- RunKernels.h - Innermost loops over runs of amplitudes --*- C++ -*-===//
//
// The hot loops of the kernels, on interleaved (re, im) doubles. A run is
// `length` consecutive amplitudes; x and y are the runs of the 0 and 1 halves
// of a target bit and never overlap. The loops use the compiler's generic
// vector types (8 doubles = 4 amplitudes), which map to AVX-512 when the
// target has it and to narrower registers otherwise; a complex product by a
// constant is c.re * v + (-c.im, c.im) * swap(v), with no de-interleaving.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_LIB_RUNKERNELS_H
#define QGRAD_RUNTIME_LIB_RUNKERNELS_H

#include "qgrad/Runtime/Types.h"

#include <algorithm>
#include <utility>

namespace qgrad::rt {

typedef double V8 __attribute__((vector_size(64)));
typedef int64_t V8i __attribute__((vector_size(64)));

inline V8 load(const double *p) {
  V8 v;
  __builtin_memcpy(&v, p, sizeof(v));
  return v;
}
inline void store(double *p, V8 v) { __builtin_memcpy(p, &v, sizeof(v)); }
inline V8 splat(double x) { return V8{x, x, x, x, x, x, x, x}; }
/// (re, im) -> (im, re) in every amplitude.
inline V8 swapReIm(V8 v) {
  return __builtin_shufflevector(v, v, 1, 0, 3, 2, 5, 4, 7, 6);
}
/// The partner of every amplitude of a vector (4 amplitudes) for a target on
/// bit 0, (a0, a1, a2, a3) -> (a1, a0, a3, a2), or on bit 1, -> (a2, a3, a0,
/// a1).
template <int Target> inline V8 partners(V8 v) {
  if constexpr (Target == 0)
    return __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5);
  else
    return __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3);
}

/// Where the amplitudes of a tile lie in the state, for kernels that run on
/// a tile in place: the tile's bits are renumbered 0, 1, ... (local
/// indices), its lowest runBits bits are the state's lowest bits, and local
/// index i is at base + runOffset[i >> runBits] + (i mod 2^runBits).
struct TileMap {
  Index base = 0;
  const Index *runOffset = nullptr;
  int runBits = 0;
  Index at(Index i) const {
    return base + runOffset[i >> runBits] + (i & ((Index(1) << runBits) - 1));
  }
};

/// Calls f(local, global, length) for the pieces of the local indices
/// start .. start + length - 1 that are consecutive in the state (with no
/// map, the indices are the state's and there is one piece).
template <class F>
inline void forPieces(const TileMap *map, Index start, Index length, F f) {
  if (!map) {
    f(start, start, length);
    return;
  }
  Index runSize = Index(1) << map->runBits;
  while (length) {
    Index piece = std::min(length, runSize - (start & (runSize - 1)));
    f(start, map->at(start), piece);
    start += piece;
    length -= piece;
  }
}

/// take on the lanes where mask is all ones, keep elsewhere (bit exact).
inline V8 blend(V8 keep, V8 take, V8i mask) {
  return reinterpret_cast<V8>((reinterpret_cast<V8i>(keep) & ~mask) |
                              (reinterpret_cast<V8i>(take) & mask));
}

/// Multiplication by a complex constant, in the vector form above.
struct CMul {
  V8 re, im;
  CMul() = default;
  explicit CMul(Complex c)
      : re(splat(c.real())), im(V8{-c.imag(), c.imag(), -c.imag(), c.imag(),
                                   -c.imag(), c.imag(), -c.imag(), c.imag()}) {}
  /// The constant lane(k) on amplitude k (0..3) of every vector.
  template <class Lane> static CMul perLane(Lane lane) {
    CMul c;
    for (int k = 0; k < 4; ++k) {
      Complex x = lane(k);
      c.re[2 * k] = c.re[2 * k + 1] = x.real();
      c.im[2 * k] = -x.imag();
      c.im[2 * k + 1] = x.imag();
    }
    return c;
  }
  V8 operator()(V8 v, V8 swapped) const { return re * v + im * swapped; }
};

/// Structure of a 2x2 matrix that lets the loops skip multiplications: RY
/// is real, RX has a real diagonal and an imaginary off-diagonal, RZ and
/// phases are diagonal.
enum class Shape { General, Real, RXLike, Diagonal };

inline Shape shapeOf(const Complex *m) {
  if (m[1] == 0.0 && m[2] == 0.0)
    return Shape::Diagonal;
  if (!m[0].imag() && !m[1].imag() && !m[2].imag() && !m[3].imag())
    return Shape::Real;
  if (!m[0].imag() && !m[3].imag() && !m[1].real() && !m[2].real())
    return Shape::RXLike;
  return Shape::General;
}

/// a * b + c in one rounding (a vector FMA instruction).
inline V8 fma(V8 a, V8 b, V8 c) { return __builtin_elementwise_fma(a, b, c); }

/// acc + c * v where only the parts of c that HasRe/HasIm say are non-zero,
/// as a chain of multiply-adds (no separate products to add up).
template <bool HasRe, bool HasIm>
inline V8 addScaled(V8 acc, const CMul &c, V8 v, V8 swapped) {
  if constexpr (HasRe)
    acc = fma(c.re, v, acc);
  if constexpr (HasIm)
    acc = fma(c.im, swapped, acc);
  return acc;
}

/// c * v, with the parts of c as above.
template <bool HasRe, bool HasIm>
inline V8 scaled(const CMul &c, V8 v, V8 swapped) {
  if constexpr (HasRe)
    return addScaled<false, HasIm>(c.re * v, c, v, swapped);
  else
    return c.im * swapped;
}

/// A 2x2 complex matrix, ready for the split and adjacent loops.
struct Mat2 {
  Complex m[4];
  Shape shape;
  CMul split[4]; // m00 m01 m10 m11 on whole vectors
  // Targets on bit 0 or 1, where both halves share a vector: the factor of
  // an amplitude and the factor of its partner.
  CMul diag[2], offDiag[2];
  explicit Mat2(const Complex *matrix) : Mat2(matrix, matrix, 0) {
    shape = shapeOf(matrix);
  }
  /// Matrix m0 where index bit `select` (0 or 1, inside a vector) is 0, m1
  /// where it is 1.
  Mat2(const Complex *m0, const Complex *m1, int select)
      : m{m0[0], m0[1], m0[2], m0[3]}, shape(Shape::General) {
    auto of = [&](int k) { return ((k >> select) & 1) ? m1 : m0; };
    for (int e = 0; e < 4; ++e)
      split[e] = CMul::perLane([&](int k) { return of(k)[e]; });
    for (int t = 0; t < 2; ++t) {
      diag[t] =
          CMul::perLane([&](int k) { return of(k)[((k >> t) & 1) ? 3 : 0]; });
      offDiag[t] =
          CMul::perLane([&](int k) { return of(k)[((k >> t) & 1) ? 2 : 1]; });
    }
  }

  static constexpr bool diagRe(Shape) { return true; }
  static constexpr bool diagIm(Shape s) {
    return s == Shape::General || s == Shape::Diagonal;
  }
  static constexpr bool offRe(Shape s) {
    return s == Shape::General || s == Shape::Real;
  }
  static constexpr bool offIm(Shape s) {
    return s == Shape::General || s == Shape::RXLike;
  }

  /// The new x and y halves of split runs.
  /// d * v + o * w, the diagonal and off-diagonal parts of one row.
  template <Shape S>
  static V8 row(const CMul &d, V8 v, V8 sv, const CMul &o, V8 w, V8 sw) {
    V8 out = scaled<diagRe(S), diagIm(S)>(d, v, sv);
    if constexpr (S != Shape::Diagonal)
      out = addScaled<offRe(S), offIm(S)>(out, o, w, sw);
    return out;
  }
  template <Shape S> V8 rowX(V8 vx, V8 sx, V8 vy, V8 sy) const {
    return row<S>(split[0], vx, sx, split[1], vy, sy);
  }
  template <Shape S> V8 rowY(V8 vx, V8 sx, V8 vy, V8 sy) const {
    return row<S>(split[3], vy, sy, split[2], vx, sx);
  }
  /// The update of a vector that holds both halves (targets on bit 0 or 1).
  template <Shape S, int Target> V8 inVector(V8 v) const {
    V8 w = partners<Target>(v);
    return row<S>(diag[Target], v, swapReIm(v), offDiag[Target], w,
                  swapReIm(w));
  }
};

/// Calls f.template operator()<V>() for the V among the template arguments
/// equal to value (the last one when none is): a runtime choice made once,
/// outside the loops, between loops compiled for each case.
template <auto First, auto... Rest, class F>
inline decltype(auto) dispatch(decltype(First) value, F &&f) {
  if constexpr (sizeof...(Rest) == 0) {
    return f.template operator()<First>();
  } else {
    if (value == First)
      return f.template operator()<First>();
    return dispatch<Rest...>(value, std::forward<F>(f));
  }
}

template <class F> inline decltype(auto) withShape(Shape s, F &&f) {
  return dispatch<Shape::Real, Shape::RXLike, Shape::Diagonal, Shape::General>(
      s, std::forward<F>(f));
}

/// Calls f(k) for k = 0, step, ... below `count`. A long single run is
/// walked as its two halves side by side: two memory streams keep more
/// requests in flight than one, which a one-stream loop leaves on the table
/// once the state is larger than the caches.
template <class F> inline void walkRun(Index count, Index step, F f) {
  constexpr Index kTwoStreams = Index(1) << 14;
  if (count >= kTwoStreams && count % (2 * step) == 0) {
    Index half = count / 2;
    for (Index k = 0; k < half; k += step) {
      f(k);
      f(k + half);
    }
    return;
  }
  for (Index k = 0; k + step <= count; k += step)
    f(k);
}

inline void pairUpdate(const Complex *m, Complex &x, Complex &y) {
  Complex nx = mul(m[0], x) + mul(m[1], y);
  y = mul(m[2], x) + mul(m[3], y);
  x = nx;
}

/// x and y point at 4 amplitudes each, the two halves of 4 pairs.
template <Shape S>
inline void matrix1Vector(double *x, double *y, const Mat2 &m) {
  V8 vx = load(x), vy = load(y);
  V8 sx = swapReIm(vx), sy = swapReIm(vy);
  store(x, m.rowX<S>(vx, sx, vy, sy));
  store(y, m.rowY<S>(vx, sx, vy, sy));
}

template <Shape S>
inline void matrix1Run(double *x, double *y, Index length, const Mat2 &m) {
  Index whole = length / 4 * 4;
  walkRun(whole, 4,
          [&](Index k) { matrix1Vector<S>(x + 2 * k, y + 2 * k, m); });
  for (Index k = whole; k < length; ++k)
    pairUpdate(m.m, reinterpret_cast<Complex *>(x)[k],
               reinterpret_cast<Complex *>(y)[k]);
}

/// `amplitudes` consecutive amplitudes under a target on bit 0 or 1, whose
/// pairs lie inside groups of 4. For bit 0 a trailing lone pair is allowed.
template <Shape S, int Target>
inline void matrix1LowRun(double *a, Index amplitudes, const Mat2 &m) {
  Index whole = amplitudes / 4 * 4;
  walkRun(whole, 4, [&](Index k) {
    store(a + 2 * k, m.inVector<S, Target>(load(a + 2 * k)));
  });
  Complex *c = reinterpret_cast<Complex *>(a);
  for (Index k = whole; k < amplitudes; k += 2)
    pairUpdate(m.m, c[k], c[k + 1]);
}

/// Targets on bits 2 to 4 split the state into runs of only 4 to 16 pairs;
/// their kernels walk pair indices instead, 4 pairs (one vector per half) at
/// a time, with no per-run bookkeeping. pairToX gives the index of the first
/// amplitude of the 0 half of the 4 pairs from pair p (a multiple of 4).
template <int T> inline Index pairToX(Index p) {
  return ((p >> T) << (T + 1)) | (p & ((Index(1) << T) - 1));
}

/// Calls f.template operator()<T>() for a target bit T of 2, 3 or 4.
template <class F> inline decltype(auto) withShortTarget(int target, F &&f) {
  return dispatch<2, 3, 4>(target, std::forward<F>(f));
}

inline bool isShortTarget(int target, Index ctrl) {
  return !ctrl && target >= 2 && target <= 4;
}

/// matrix1Run and matrix1LowRun for a conditional 2x2 whose select bit is 2
/// or higher: every vector of 4 amplitudes takes one of the two matrices, by
/// the select bit of its index, so the runs stay as long as for a plain 2x2.
/// `first` is the index of the run's first amplitude.
inline void matrix1RunSelect(double *d, Index first, Index bit, Index length,
                             const Mat2 *const mats[2], int select) {
  constexpr Shape G = Shape::General;
  Index whole = length / 4 * 4;
  walkRun(whole, 4, [&](Index k) {
    const Mat2 &m = *mats[((first + k) >> select) & 1];
    double *x = d + 2 * (first + k), *y = x + 2 * bit;
    V8 vx = load(x), vy = load(y);
    V8 sx = swapReIm(vx), sy = swapReIm(vy);
    store(x, m.rowX<G>(vx, sx, vy, sy));
    store(y, m.rowY<G>(vx, sx, vy, sy));
  });
  Complex *c = reinterpret_cast<Complex *>(d);
  for (Index k = first + whole; k < first + length; ++k)
    pairUpdate(mats[(k >> select) & 1]->m, c[k], c[k + bit]);
}

template <int Target>
inline void matrix1LowRunSelect(double *d, Index first, Index amplitudes,
                                const Mat2 *const mats[2], int select) {
  Index whole = amplitudes / 4 * 4;
  walkRun(whole, 4, [&](Index k) {
    const Mat2 &m = *mats[((first + k) >> select) & 1];
    double *x = d + 2 * (first + k);
    store(x, m.inVector<Shape::General, Target>(load(x)));
  });
  Complex *c = reinterpret_cast<Complex *>(d);
  for (Index k = first + whole; k < first + amplitudes; k += 2)
    pairUpdate(mats[(k >> select) & 1]->m, c[k], c[k + 1]);
}

/// Two one-bit matrices a (on the lower bit) and b (on the higher bit) in
/// one pass: both halves of both bits are updated while in registers.
/// Split case, both bits >= 2: p0 + (0, lo, hi, lo + hi) hold the 4 runs.
inline void matrix1PairRun(double *p0, Index lo, Index hi, Index length,
                           const Mat2 &a, const Mat2 &b) {
  constexpr Shape G = Shape::General;
  double *p1 = p0 + 2 * lo, *p2 = p0 + 2 * hi, *p3 = p2 + 2 * lo;
  for (Index k = 0; k < 2 * length; k += 8) {
    V8 v0 = load(p0 + k), v1 = load(p1 + k), v2 = load(p2 + k),
       v3 = load(p3 + k);
    V8 s0 = swapReIm(v0), s1 = swapReIm(v1), s2 = swapReIm(v2),
       s3 = swapReIm(v3);
    V8 w0 = a.rowX<G>(v0, s0, v1, s1), w1 = a.rowY<G>(v0, s0, v1, s1);
    V8 w2 = a.rowX<G>(v2, s2, v3, s3), w3 = a.rowY<G>(v2, s2, v3, s3);
    s0 = swapReIm(w0), s1 = swapReIm(w1), s2 = swapReIm(w2), s3 = swapReIm(w3);
    store(p0 + k, b.rowX<G>(w0, s0, w2, s2));
    store(p2 + k, b.rowY<G>(w0, s0, w2, s2));
    store(p1 + k, b.rowX<G>(w1, s1, w3, s3));
    store(p3 + k, b.rowY<G>(w1, s1, w3, s3));
  }
}

/// The lower bit is 0 or 1 (inside vectors), the higher one splits runs.
template <int Low>
inline void matrix1PairLowRun(double *p0, Index hi, Index length, const Mat2 &a,
                              const Mat2 &b) {
  constexpr Shape G = Shape::General;
  double *p1 = p0 + 2 * hi;
  for (Index k = 0; k < 2 * length; k += 8) {
    V8 v0 = a.inVector<G, Low>(load(p0 + k));
    V8 v1 = a.inVector<G, Low>(load(p1 + k));
    V8 s0 = swapReIm(v0), s1 = swapReIm(v1);
    store(p0 + k, b.rowX<G>(v0, s0, v1, s1));
    store(p1 + k, b.rowY<G>(v0, s0, v1, s1));
  }
}

/// Both bits inside vectors (bits 0 and 1).
inline void matrix1PairInVectorRun(double *p0, Index length, const Mat2 &a,
                                   const Mat2 &b) {
  constexpr Shape G = Shape::General;
  for (Index k = 0; k < 2 * length; k += 8)
    store(p0 + k, b.inVector<G, 1>(a.inVector<G, 0>(load(p0 + k))));
}

inline void scaleRun(double *x, Index length, Complex c) {
  CMul f(c);
  Index whole = length / 4 * 4;
  walkRun(whole, 4, [&](Index k) {
    V8 v = load(x + 2 * k);
    store(x + 2 * k, f(v, swapReIm(v)));
  });
  Complex *cx = reinterpret_cast<Complex *>(x);
  for (Index k = whole; k < length; ++k)
    cx[k] = mul(cx[k], c);
}

inline void swapRun(double *x, double *y, Index length) {
  Index k = 0;
  for (; k + 4 <= length; k += 4) {
    V8 vx = load(x + 2 * k), vy = load(y + 2 * k);
    store(x + 2 * k, vy);
    store(y + 2 * k, vx);
  }
  Complex *cx = reinterpret_cast<Complex *>(x),
          *cy = reinterpret_cast<Complex *>(y);
  for (; k < length; ++k)
    std::swap(cx[k], cy[k]);
}

} // namespace qgrad::rt

#endif
