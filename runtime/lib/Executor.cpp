//===- Executor.cpp - Cache-tiled execution of kernel op sequences -------===//
#include "qgrad/Runtime/Executor.h"

#include "qgrad/Runtime/Fusion.h"

#include "BlockKernels.h"
#include "DerivKernels.h"
#include "IndexLoops.h"
#include "RunKernels.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <iterator>

namespace qgrad::rt {
namespace {

/// Contiguous low bits of an adjoint sweep's tiles (runOps).
constexpr int kSweepRunBits = 8;

Index lowBits(int count) {
  return count >= 64 ? ~Index(0) : (Index(1) << count) - 1;
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
  runPlan(planBlocks(pass.ops, batch.numBits), batch, parallel);
}

/// The tiles of one pass: which global amplitudes a tile holds.
struct TileLayout {
  int tileBits;
  int runBits;                  // contiguous low bits of a tile
  Index outerBits;              // bits that number the tiles
  std::vector<Index> runOffset; // global offset of each run inside a tile
  bool inPlace;
};

/// Whether an op can run on a tile in place inside a pass: as part of a
/// block, or as an adjoint step or an X op through a TileMap.
bool runsInPlace(const KernelOp &op) {
  std::vector<BlockStep> steps;
  return op.kind == OpKind::Deriv1 ||
         (op.kind == OpKind::Swap && op.targets.size() == 1) ||
         appendBlockSteps(op, steps);
}

/// An X on one target under controls (PauliX, CNOT, Toffoli) with no bit in
/// runMask: it maps runs of amplitudes to runs.
bool permutesRuns(const KernelOp &op, Index runMask) {
  return op.kind == OpKind::Swap && op.targets.size() == 1 &&
         !(op.support() & runMask);
}

/// The index an X op (permutesRuns) exchanges with i.
Index applyX(const KernelOp &op, Index i) {
  return (i & op.ctrl) == op.ctrl ? i ^ (Index(1) << op.targets[0]) : i;
}

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
  std::vector<KernelOp> localOps;
  size_t peeled = 0; // leading ops the gather applies
  std::vector<Index> sourceOffset = layout.runOffset;

  // A pass of blockable ops only runs in place: a block reads the tile's
  // amplitudes where they are, so the tile needs no copy (and its lines no
  // second trip from memory to be written back).
  bool blocksOnly = (tile & 3) == 3 && allBlockable(pass.ops);
  // So does a pass of the adjoint sweep made of blockable ops, adjoint
  // steps (Deriv1) and X ops (Swap with one target): the steps and the X
  // ops address the tile through a TileMap.
  bool sweepInPlace =
      !blocksOnly && batch.numStates > 1 && (tile & 3) == 3 &&
      std::all_of(pass.ops.begin(), pass.ops.end(),
                  [](const KernelOp &op) { return runsInPlace(op); });
  int localOf[64] = {};
  int rank = 0;
  for (Index m = tile; m; m &= m - 1)
    localOf[std::countr_zero(m)] = rank++;
  std::vector<OpBlock> plan;
  // sweepInPlace: the ops of the plan's single items, in local bits.
  std::vector<KernelOp> localFirst, localSecond;
  if (blocksOnly) {
    plan = planBlocks(pass.ops, numBits, true);
  } else if (sweepInPlace) {
    plan = planBlocks(pass.ops, numBits, true);
    localFirst.resize(plan.size());
    localSecond.resize(plan.size());
    for (size_t i = 0; i < plan.size(); ++i) {
      if (plan[i].op)
        localFirst[i] = remapBits(*plan[i].op, localOf);
      if (plan[i].second)
        localSecond[i] = remapBits(*plan[i].second, localOf);
    }
  } else {
    // Leading X ops (CNOT, Toffoli) whose bits are above the runs permute
    // whole runs: the gather reads the runs in permuted order and applies
    // them for free. With P = P_k ... P_1 and each P_m an involution pi_m,
    // (P s)[i] = s[pi_1(... pi_k(i))].
    Index runMask = lowBits(layout.runBits);
    while (peeled < pass.ops.size() && permutesRuns(pass.ops[peeled], runMask))
      ++peeled;
    for (Index &offset : sourceOffset)
      for (size_t k = peeled; k-- > 0;)
        offset = applyX(pass.ops[k], offset);
    std::vector<KernelOp> local;
    local.reserve(pass.ops.size());
    for (size_t k = peeled; k < pass.ops.size(); ++k)
      local.push_back(remapBits(pass.ops[k], localOf));
    plan = planBlocks(local, tileBits);
    // The plan points into `local`: keep it alive with the plan.
    localOps.swap(local);
  }

  Index numTiles = Index(1) << (numBits - tileBits);
  size_t derivSize = static_cast<size_t>(batch.numStates - 1) * batch.numSlots;
  bool parallel =
      options.parallel && numBits >= kParallelThreshold && maxThreads() > 1;
  int threads = parallel ? maxThreads() : 1;
  std::vector<double> derivs(derivSize * threads, 0.0);
  Index tileSize = Index(1) << tileBits, runSize = Index(1) << layout.runBits;

  auto work = [&](int thread, Index begin, Index end) {
    if (blocksOnly) {
      for (Index t = begin; t < end; ++t)
        for (const OpBlock &item : plan)
          for (int s = 0; s < batch.numStates; ++s)
            item.block->run(batch.states[s], tile,
                            scatterBits(t, layout.outerBits), false);
      return;
    }
    if (sweepInPlace) {
      StateBatch whole{batch.states, batch.numStates, tileBits,
                       derivs.data() + derivSize * thread, batch.numSlots};
      for (Index t = begin; t < end; ++t) {
        TileMap map{scatterBits(t, layout.outerBits), layout.runOffset.data(),
                    layout.runBits};
        for (size_t i = 0; i < plan.size(); ++i) {
          const OpBlock &item = plan[i];
          if (item.block)
            for (int s = 0; s < batch.numStates; ++s)
              item.block->run(batch.states[s], tile, map.base, false);
          else if (item.second)
            runDeriv1Pair(localFirst[i], localSecond[i], whole, false, &map);
          else if (item.op->kind == OpKind::Deriv1)
            runDeriv1(localFirst[i], whole, false, &map);
          else
            runSwapTile(localFirst[i], whole, map);
        }
      }
      return;
    }
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
                  batch.states[s] + base + sourceOffset[r], runSize);
      }
      runPlan(plan, tileBatch, false);
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

} // namespace

std::vector<Pass> schedulePasses(std::vector<KernelOp> ops, int numBits,
                                 const ExecutorOptions &options) {
  std::vector<Pass> passes;
  if (numBits <= options.tileBits) {
    passes.push_back({lowBits(numBits), true, std::move(ops)});
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
            const ExecutorOptions &requested) {
  // The tiles of all states of the batch share the cache: an adjoint sweep
  // (phi and one lambda) uses tiles of half the size.
  ExecutorOptions options = requested;
  int shrink = std::bit_width(static_cast<unsigned>(batch.numStates - 1));
  options.tileBits =
      std::max(options.minContiguousBits + 2, options.tileBits - shrink);
  // An adjoint sweep runs its tiles in place (runTiled): a tile whose runs
  // are shorter than a 4 KiB page spreads over more pages than the TLB
  // holds (2^14 amplitudes in runs of 16 are 1024 pages per state), and
  // every op of the pass then pays the misses again. Runs of 2^8 amplitudes
  // are one page each: fewer bits per pass, but 25 % less time on the
  // layered circuit's sweep.
  if (batch.numStates > 1 && options.tileBits >= kSweepRunBits + 4)
    options.minContiguousBits =
        std::max(options.minContiguousBits, kSweepRunBits);
  bool parallelWhole = options.parallel && batch.numBits >= kParallelThreshold;
  std::vector<KernelOp> fused =
      foldSwapsIntoDerivs(pairOneBitOps(fuseOneBitOps(ops)));
  for (const Pass &pass :
       schedulePasses(std::move(fused), batch.numBits, options)) {
    // A lone op gains nothing from tiles: it streams the state once anyway.
    if (pass.whole || pass.ops.size() == 1)
      runWhole(pass, batch, parallelWhole);
    else
      runTiled(pass, batch, options);
  }
}

} // namespace qgrad::rt
