//===- Executor.cpp - Cache-tiled execution of kernel op sequences -------===//
#include "qgrad/Runtime/Executor.h"

#include "IndexLoops.h"
#include "RunKernels.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <iterator>

namespace qgrad::rt {
namespace {

Index lowBits(int count) {
  return count >= 64 ? ~Index(0) : (Index(1) << count) - 1;
}

/// Spreads the low bits of value over the set bits of mask (lowest first).
Index scatterBits(Index value, Index mask) {
  Index out = 0;
  for (; mask && value; mask &= mask - 1, value >>= 1)
    if (value & 1)
      out |= mask & -mask;
  return out;
}

/// Adds `count` of the lowest bits not in `bits` to it.
Index fillLowest(Index bits, int count) {
  for (int b = 0; count > 0; ++b)
    if (!(bits & (Index(1) << b))) {
      bits |= Index(1) << b;
      --count;
    }
  return bits;
}

/// Copies a run of amplitudes; runs are short (a few hundred bytes), so an
/// inline vector loop beats a call to memcpy.
void copyRun(Complex *to, const Complex *from, Index count) {
  double *t = reinterpret_cast<double *>(to);
  const double *f = reinterpret_cast<const double *>(from);
  Index k = 0;
  for (; k + 8 <= 2 * count; k += 8)
    store(t + k, load(f + k));
  for (; k < 2 * count; ++k)
    t[k] = f[k];
}

void runWhole(const Pass &pass, const StateBatch &batch, bool parallel) {
  for (const KernelOp &op : pass.ops)
    runOp(op, batch, parallel);
}

/// The tiles of one pass: which global amplitudes a tile holds.
struct TileLayout {
  int tileBits;
  int runBits;                  // contiguous low bits of a tile
  Index outerBits;              // bits that number the tiles
  std::vector<Index> runOffset; // global offset of each run inside a tile
  bool inPlace;
};

TileLayout layoutTiles(Index tile, int numBits, int tileBits) {
  TileLayout layout;
  layout.tileBits = tileBits;
  layout.runBits = std::countr_one(tile);
  layout.outerBits = lowBits(numBits) & ~tile;
  layout.inPlace = layout.runBits >= tileBits;
  Index highBits = tile & ~lowBits(layout.runBits);
  Index runs = Index(1) << (tileBits - layout.runBits);
  layout.runOffset.resize(runs);
  for (Index r = 0; r < runs; ++r)
    layout.runOffset[r] = scatterBits(r, highBits);
  return layout;
}

void runTiled(const Pass &pass, const StateBatch &batch,
              const ExecutorOptions &options) {
  int numBits = batch.numBits;
  int tileBits = options.tileBits;
  Index tile = fillLowest(pass.bits, tileBits - std::popcount(pass.bits));
  TileLayout layout = layoutTiles(tile, numBits, tileBits);

  int localOf[64] = {};
  int rank = 0;
  for (Index m = tile; m; m &= m - 1)
    localOf[std::countr_zero(m)] = rank++;
  std::vector<KernelOp> local;
  local.reserve(pass.ops.size());
  for (const KernelOp &op : pass.ops)
    local.push_back(remapBits(op, localOf));

  Index numTiles = Index(1) << (numBits - tileBits);
  size_t derivSize = static_cast<size_t>(batch.numStates - 1) * batch.numSlots;
  bool parallel =
      options.parallel && numBits >= kParallelThreshold && maxThreads() > 1;
  int threads = parallel ? maxThreads() : 1;
  std::vector<double> derivs(derivSize * threads, 0.0);
  Index tileSize = Index(1) << tileBits, runSize = Index(1) << layout.runBits;

  auto work = [&](int thread, Index begin, Index end) {
    std::vector<std::vector<Complex>> buffers(layout.inPlace ? 0
                                                             : batch.numStates);
    for (auto &buffer : buffers)
      buffer.resize(tileSize);
    std::vector<Complex *> views(batch.numStates);
    StateBatch tileBatch{views.data(), batch.numStates, tileBits,
                         derivs.data() + derivSize * thread, batch.numSlots};
    for (Index t = begin; t < end; ++t) {
      Index base = scatterBits(t, layout.outerBits);
      for (int s = 0; s < batch.numStates; ++s) {
        if (layout.inPlace) {
          views[s] = batch.states[s] + base;
          continue;
        }
        views[s] = buffers[s].data();
        for (Index r = 0; r < layout.runOffset.size(); ++r)
          copyRun(views[s] + r * runSize,
                  batch.states[s] + base + layout.runOffset[r], runSize);
      }
      for (const KernelOp &op : local)
        runOp(op, tileBatch, false);
      if (layout.inPlace)
        continue;
      for (int s = 0; s < batch.numStates; ++s)
        for (Index r = 0; r < layout.runOffset.size(); ++r)
          copyRun(batch.states[s] + base + layout.runOffset[r],
                  views[s] + r * runSize, runSize);
    }
  };
  if (threads == 1) {
    work(0, 0, numTiles);
  } else {
#pragma omp parallel num_threads(threads)
    {
#ifdef _OPENMP
      int thread = omp_get_thread_num();
#else
      int thread = 0;
#endif
      work(thread, numTiles * thread / threads,
           numTiles * (thread + 1) / threads);
    }
  }
  for (int th = 0; th < threads; ++th)
    for (size_t k = 0; k < derivSize; ++k)
      batch.derivs[k] += derivs[derivSize * th + k];
}

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

} // namespace

namespace {

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

std::vector<Pass> schedulePasses(const std::vector<KernelOp> &ops, int numBits,
                                 const ExecutorOptions &options) {
  std::vector<Pass> passes;
  if (numBits <= options.tileBits) {
    passes.push_back({lowBits(numBits), true, ops});
    return passes;
  }
  int capacity = options.tileBits;
  Index reserved = lowBits(options.minContiguousBits);
  std::vector<const KernelOp *> remaining;
  for (const KernelOp &op : ops)
    remaining.push_back(&op);
  while (!remaining.empty()) {
    Pass pass;
    Index used = reserved, blocked = 0;
    std::vector<const KernelOp *> deferred;
    for (const KernelOp *op : remaining) {
      Index support = op->support();
      bool tooWide = std::popcount(support | reserved) > capacity;
      if (tooWide && pass.ops.empty() && deferred.empty()) {
        pass.bits = lowBits(numBits);
        pass.whole = true;
        pass.ops.push_back(*op);
        blocked = ~Index(0);
        continue;
      }
      if (!pass.whole && !(support & blocked) &&
          std::popcount(used | support) <= capacity) {
        used |= support;
        pass.ops.push_back(*op);
      } else {
        deferred.push_back(op);
        blocked |= support;
      }
    }
    if (!pass.whole)
      pass.bits = used;
    passes.push_back(std::move(pass));
    remaining = std::move(deferred);
  }
  return passes;
}

void runOps(const std::vector<KernelOp> &ops, const StateBatch &batch,
            const ExecutorOptions &options) {
  bool parallelWhole = options.parallel && batch.numBits >= kParallelThreshold;
  std::vector<KernelOp> fused = pairOneBitOps(fuseOneBitOps(ops));
  for (const Pass &pass : schedulePasses(fused, batch.numBits, options)) {
    // A lone op gains nothing from tiles: it streams the state once anyway.
    if (pass.whole || pass.ops.size() == 1)
      runWhole(pass, batch, parallelWhole);
    else
      runTiled(pass, batch, options);
  }
}

} // namespace qgrad::rt
