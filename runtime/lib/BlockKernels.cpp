//===- BlockKernels.cpp - One-bit ops applied together in registers ------===//
#include "BlockKernels.h"

#include "DerivKernels.h"

#include "IndexLoops.h"
#include "RunKernels.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace qgrad::rt {

/// A step prepared for the group loop. The vectors of a group are numbered j
/// by the values of its slot bits (the targets above bit 1, lowest first).
struct StepPlan {
  int lane = -1;     // target on bit 0 or 1: inside every vector
  int slot = 0;      // otherwise: the target's slot
  int selSlot = 0;   // vector j takes mats[(j >> selSlot) & 1]
  int outerBit = -1; // a select bit outside the group: one matrix per group
  Mat2 first, second;

  StepPlan(const BlockStep &s, Index slotMask)
      : first(s.m0), second(s.select >= 0 ? s.m1 : s.m0) {
    auto slotOf = [&](int bit) {
      return std::popcount(slotMask & ((Index(1) << bit) - 1));
    };
    if (s.target < 2)
      lane = s.target;
    else
      slot = slotOf(s.target);
    if (s.select < 0)
      return;
    if (s.select < 2) // the matrix differs between lanes of a vector
      first = second = Mat2(s.m0, s.m1, s.select);
    else if (slotMask & (Index(1) << s.select))
      selSlot = slotOf(s.select);
    else
      outerBit = s.select;
  }

  /// The matrices of vectors j with bit selSlot 0 and 1, in the group at
  /// index base.
  void pick(Index base, const Mat2 *m[2]) const {
    if (outerBit >= 0) {
      m[0] = m[1] = ((base >> outerBit) & 1) ? &second : &first;
      return;
    }
    m[0] = &first;
    m[1] = &second;
  }
};

namespace {

constexpr Shape G = Shape::General;

/// How many groups ahead a block prefetches. A group's vectors lie 2^slot
/// apart, and for a tile of short runs (a pass whose bits are mostly high
/// ones) consecutive groups jump across the state, so the hardware
/// prefetchers, which follow streams within a page, do not see them
/// coming: each group waited for its lines from L3 (the tile's lines also
/// compete for few L2 sets when its bits miss the set-index bits). Five
/// groups of a block of 3-4 steps are a few hundred cycles of work, a few
/// L3 latencies; measured best among 3 to 13 on the layered circuit (10 %
/// faster than none, the same in L2).
constexpr int kPrefetchGroups = 5;

template <int N, class F> [[gnu::always_inline]] inline void unrolled(F &&f) {
  [&]<int... J>(std::integer_sequence<int, J...>) {
    (f.template operator()<J>(), ...);
  }(std::make_integer_sequence<int, N>{});
}

/// The 2x2 on slot P: vectors j (bit P clear) and j + 2^P are the halves.
template <int R, int P>
[[gnu::always_inline]] inline void slotStep(V8 *v, const Mat2 *const m[2],
                                            int selSlot) {
  unrolled<(1 << (R - 1))>([&]<int J>() {
    constexpr int j = ((J >> P) << (P + 1)) | (J & ((1 << P) - 1));
    constexpr int k = j | (1 << P);
    const Mat2 &mm = *m[(j >> selSlot) & 1];
    V8 vx = v[j], vy = v[k];
    V8 sx = swapReIm(vx), sy = swapReIm(vy);
    v[j] = mm.rowX<G>(vx, sx, vy, sy);
    v[k] = mm.rowY<G>(vx, sx, vy, sy);
  });
}

template <int R, int T>
[[gnu::always_inline]] inline void laneStep(V8 *v, const Mat2 *const m[2],
                                            int selSlot) {
  unrolled<(1 << R)>([&]<int J>() {
    v[J] = m[(J >> selSlot) & 1]->template inVector<G, T>(v[J]);
  });
}

template <int R, int P = 0>
[[gnu::always_inline]] inline void
slotDispatch(int slot, V8 *v, const Mat2 *const m[2], int selSlot) {
  if constexpr (P < R) {
    if (slot == P)
      return slotStep<R, P>(v, m, selSlot);
    slotDispatch<R, P + 1>(slot, v, m, selSlot);
  }
}

/// Applies the plan to U groups at once (their vectors v[g * 2^R + j], the
/// group g at bases[g]): the steps of one group form a chain of dependent
/// multiply-adds, and U independent chains keep both FMA units busy.
template <int R, int U>
[[gnu::always_inline]] inline void
runGroupSet(const std::vector<StepPlan> &plan, double *const *at,
            const Index *bases) {
  constexpr int Size = 1 << R;
  V8 v[U * Size];
  unrolled<U * Size>(
      [&]<int J>() { v[J] = load(at[J % Size] + 2 * bases[J / Size]); });
  for (const StepPlan &s : plan) {
    unrolled<U>([&]<int g>() {
      const Mat2 *m[2];
      s.pick(bases[g], m);
      V8 *w = v + g * Size;
      if (s.lane == 0)
        laneStep<R, 0>(w, m, s.selSlot);
      else if (s.lane == 1)
        laneStep<R, 1>(w, m, s.selSlot);
      else
        slotDispatch<R>(s.slot, w, m, s.selSlot);
    });
  }
  unrolled<U * Size>(
      [&]<int J>() { store(at[J % Size] + 2 * bases[J / Size], v[J]); });
}

} // namespace

bool appendBlockSteps(const KernelOp &op, std::vector<BlockStep> &steps) {
  auto add = [&](int target, int select, const Complex *m0, const Complex *m1) {
    BlockStep s;
    s.target = target;
    s.select = select;
    std::copy(m0, m0 + 4, s.m0);
    std::copy(m1, m1 + 4, s.m1);
    steps.push_back(s);
  };
  const Complex *m = op.matrix.data();
  switch (op.kind) {
  case OpKind::Matrix1:
    if (op.ctrl)
      return false;
    add(op.targets[0], -1, m, m);
    return true;
  case OpKind::Matrix1Cond:
    add(op.targets[0], op.targets[1], m, m + 4);
    return true;
  case OpKind::Matrix1Pair:
    add(op.targets[0], -1, m, m);
    add(op.targets[1], -1, m + 4, m + 4);
    return true;
  default:
    return false;
  }
}

BlockKernel::BlockKernel(std::vector<BlockStep> steps) {
  for (const BlockStep &s : steps)
    if (s.target >= 2)
      slotMask_ |= Index(1) << s.target;
  slots_ = std::popcount(slotMask_);
  plan_.reserve(steps.size());
  for (const BlockStep &s : steps)
    plan_.emplace_back(s, slotMask_);
  for (int j = 0; j < (1 << slots_); ++j)
    offset_[j] = scatterBits(Index(j), slotMask_);
}

BlockKernel::~BlockKernel() = default;
BlockKernel::BlockKernel(BlockKernel &&) noexcept = default;

void BlockKernel::run(Complex *state, Index tile, Index base,
                      bool parallel) const {
  double *d = reinterpret_cast<double *>(state);
  // Groups: every combination of the tile's bits other than the slots and
  // the bits inside a vector, visited in increasing order.
  Index free = tile & ~slotMask_ & ~Index(3);
  Index count = Index(1) << std::popcount(free);
  auto next = [free](Index g) { return ((g | ~free) + 1) & free; };
  dispatch<0, 1, 2, 3>(slots_, [&]<int R>() {
    double *at[1 << R];
    for (int j = 0; j < (1 << R); ++j)
      at[j] = d + 2 * offset_[j];
    forChunks(count, parallel, [&](int, Index begin, Index end) {
      Index g = scatterBits(begin, free), k = begin;
      // The group kPrefetchGroups ahead of g; past the chunk's end it
      // names groups of the tile that are not ours, which is harmless.
      Index ahead = g;
      for (int a = 0; a < kPrefetchGroups; ++a)
        ahead = next(ahead);
      for (; k + 2 <= end; k += 2) {
        Index bases[2] = {base + g, base + next(g)};
        for (int u = 0; u < 2; ++u, ahead = next(ahead))
          for (int j = 0; j < (1 << R); ++j)
            __builtin_prefetch(at[j] + 2 * (base + ahead), 1, 3);
        runGroupSet<R, 2>(plan_, at, bases);
        g = next(next(g));
      }
      if (k < end) {
        Index bases[1] = {base + g};
        runGroupSet<R, 1>(plan_, at, bases);
      }
    });
  });
}

bool allBlockable(const std::vector<KernelOp> &ops) {
  std::vector<BlockStep> steps;
  for (const KernelOp &op : ops)
    if (!appendBlockSteps(op, steps))
      return false;
  return true;
}

std::vector<OpBlock> planBlocks(const std::vector<KernelOp> &ops, int numBits,
                                bool singlesAsBlocks) {
  std::vector<OpBlock> plan;
  std::vector<const KernelOp *> members;
  std::vector<BlockStep> steps;
  Index slots = 0;
  auto close = [&] {
    if (members.size() >= 2 || (members.size() == 1 && singlesAsBlocks))
      plan.push_back(
          {nullptr, std::make_unique<BlockKernel>(std::move(steps))});
    else if (members.size() == 1)
      plan.push_back({members[0], nullptr});
    members.clear();
    steps.clear();
    slots = 0;
  };
  auto slotsOf = [](const std::vector<BlockStep> &s, size_t from) {
    Index mask = 0;
    for (size_t i = from; i < s.size(); ++i)
      if (s[i].target >= 2)
        mask |= Index(1) << s[i].target;
    return mask;
  };
  for (size_t i = 0; i < ops.size(); ++i) {
    const KernelOp &op = ops[i];
    size_t before = steps.size();
    // A pair on bit 0 or 1 works on whole vectors of 4 amplitudes: a
    // 1-qubit state has only 2 (it read and wrote past the state).
    if (numBits >= 2 && i + 1 < ops.size() && canPairDeriv1(op, ops[i + 1])) {
      close();
      plan.push_back({&op, nullptr, &ops[i + 1]});
      ++i;
      continue;
    }
    if (numBits < 2 || !appendBlockSteps(op, steps)) {
      close();
      plan.push_back({&op, nullptr});
      continue;
    }
    Index mine = slotsOf(steps, before);
    if (std::popcount(slots | mine) > kBlockSlotBits) {
      std::vector<BlockStep> added(steps.begin() + before, steps.end());
      steps.resize(before);
      close();
      steps = std::move(added);
    }
    members.push_back(&op);
    slots |= mine;
  }
  close();
  return plan;
}

void runPlan(const std::vector<OpBlock> &plan, const StateBatch &batch,
             bool parallel) {
  Index all = (Index(1) << batch.numBits) - 1;
  for (const OpBlock &item : plan) {
    if (item.second) {
      runDeriv1Pair(*item.op, *item.second, batch, parallel);
      continue;
    }
    if (item.op) {
      runOp(*item.op, batch, parallel);
      continue;
    }
    for (int s = 0; s < batch.numStates; ++s)
      item.block->run(batch.states[s], all, 0, parallel);
  }
}

} // namespace qgrad::rt
