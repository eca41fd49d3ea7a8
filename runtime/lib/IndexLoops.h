//===- IndexLoops.h - Loops over amplitude indices -------------*- C++ -*-===//
//
// Every kernel visits the indices whose target and control bits are zero and
// derives the partner indices by OR-ing bits in. The visit is split into runs
// of consecutive indices (below the lowest fixed bit), so the innermost loop
// is a plain counted loop the compiler vectorises.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_RUNTIME_LIB_INDEXLOOPS_H
#define QGRAD_RUNTIME_LIB_INDEXLOOPS_H

#include "qgrad/Runtime/Types.h"

#include <algorithm>
#include <bit>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace qgrad::rt {

/// Inserts a zero into x at every set bit of mask (lowest first).
inline Index depositZeros(Index x, Index mask) {
  while (mask) {
    int b = std::countr_zero(mask);
    Index low = x & ((Index(1) << b) - 1);
    x = ((x >> b) << (b + 1)) | low;
    mask &= mask - 1;
  }
  return x;
}

/// Spreads the low bits of value over the set bits of mask (lowest first).
inline Index scatterBits(Index value, Index mask) {
  Index out = 0;
  for (; mask && value; mask &= mask - 1, value >>= 1)
    if (value & 1)
      out |= mask & -mask;
  return out;
}

inline int maxThreads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

inline int chunkCount(Index total, bool parallel) {
  if (!parallel || maxThreads() == 1)
    return 1;
  return static_cast<int>(std::min<Index>(total, 4 * maxThreads()));
}

/// Calls body(chunk, begin, end) over a split of [0, total).
template <class Body> void forChunks(Index total, bool parallel, Body body) {
  int chunks = chunkCount(total, parallel);
  if (chunks <= 1) {
    body(0, Index(0), total);
    return;
  }
  // Boundaries are multiples of 8 so that no chunk splits a vector of
  // amplitudes (kernels with per-lane constants rely on it).
  auto boundary = [&](int c) {
    return c == chunks ? total : (total * c / chunks) & ~Index(7);
  };
#pragma omp parallel for schedule(static)
  for (int c = 0; c < chunks; ++c)
    body(c, boundary(c), boundary(c + 1));
}

/// Visits the bases numbered [begin, end) among the indices with the bits of
/// zeroMask clear, as runs: g(start, length) covers the consecutive indices
/// start .. start + length - 1.
template <class G>
inline void forRunsInRange(Index begin, Index end, Index zeroMask, G g) {
  int low = zeroMask ? std::countr_zero(zeroMask) : 63;
  Index runMask = (Index(1) << low) - 1;
  Index idx = begin;
  while (idx < end) {
    Index j = idx & runMask;
    Index length = std::min<Index>(runMask + 1 - j, end - idx);
    g(depositZeros(idx & ~runMask, zeroMask) + j, length);
    idx += length;
  }
}

template <class F>
inline void forBasesInRange(Index begin, Index end, Index zeroMask, F f) {
  forRunsInRange(begin, end, zeroMask, [&](Index start, Index length) {
    for (Index k = 0; k < length; ++k)
      f(start + k);
  });
}

/// Calls g(start, length) for the runs of indices i < 2^numBits with the bits
/// of zeroMask clear.
template <class G>
void forEachRun(int numBits, Index zeroMask, bool parallel, G g) {
  Index total = Index(1) << (numBits - std::popcount(zeroMask));
  forChunks(total, parallel, [&](int, Index begin, Index end) {
    forRunsInRange(begin, end, zeroMask, g);
  });
}

/// Calls f(i) for every index i < 2^numBits with the bits of zeroMask clear.
template <class F>
void forEachBase(int numBits, Index zeroMask, bool parallel, F f) {
  Index total = Index(1) << (numBits - std::popcount(zeroMask));
  forChunks(total, parallel, [&](int, Index begin, Index end) {
    forBasesInRange(begin, end, zeroMask, f);
  });
}

/// Like forEachBase, for reductions: f(i, partial) adds into partial[0..width)
/// of its chunk; the chunk sums are added into out in a fixed order, so the
/// result does not depend on the thread schedule.
template <class F>
void reduceEachBase(int numBits, Index zeroMask, bool parallel, int width,
                    double *out, F f) {
  Index total = Index(1) << (numBits - std::popcount(zeroMask));
  int chunks = chunkCount(total, parallel);
  std::vector<double> partial(static_cast<size_t>(chunks) * width, 0.0);
  forChunks(total, parallel, [&](int c, Index begin, Index end) {
    double *mine = partial.data() + static_cast<size_t>(c) * width;
    forBasesInRange(begin, end, zeroMask, [&](Index i) { f(i, mine); });
  });
  for (int c = 0; c < chunks; ++c)
    for (int w = 0; w < width; ++w)
      out[w] += partial[static_cast<size_t>(c) * width + w];
}

} // namespace qgrad::rt

#endif
