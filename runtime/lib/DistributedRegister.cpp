//===- DistributedRegister.cpp - A state vector split over ranks ---------===//
#include "qgrad/Runtime/DistributedRegister.h"

#include "qgrad/Runtime/Error.h"
#include "qgrad/Runtime/Kernels.h"
#include "qgrad/Runtime/Measurement.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <string>
#include <time.h>

namespace qgrad::rt {
namespace {

Index targetMask(const KernelOp &op) {
  Index mask = 0;
  for (int t : op.targets)
    mask |= Index(1) << t;
  return mask;
}

/// The canonical bits whose amplitudes an op mixes: they must be local.
Index mixedBits(const KernelOp &op) {
  switch (op.kind) {
  case OpKind::ParityPhase:
  case OpKind::MaskPhase:
    return 0;
  case OpKind::PauliDeriv: {
    Index mask = 0;
    for (const PauliTerm &t : *op.pauli)
      mask |= t.pauli.xMask;
    return mask;
  }
  default:
    return targetMask(op);
  }
}

std::vector<int> bitsOf(Index mask) {
  std::vector<int> bits;
  for (; mask; mask &= mask - 1)
    bits.push_back(std::countr_zero(mask));
  return bits;
}

/// A phase on every amplitude of the rank's part (a diagonal 2x2 on bit 0,
/// which the executor's fusion folds into its neighbours).
std::optional<KernelOp> scalarOp(Complex phase) {
  if (phase == Complex(1.0))
    return std::nullopt;
  KernelOp op;
  op.kind = OpKind::Matrix1;
  op.targets = {0};
  op.matrix = {phase, 0.0, 0.0, phase};
  return op;
}

Index termBits(const Observable::Term &t) {
  Index mask = t.pauli.xMask;
  for (const Observable::DenseFactor &d : t.dense)
    for (int b : d.bits)
      mask |= Index(1) << b;
  return mask;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

double threadCpuSeconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

bool parallelFor(int numBits) { return numBits >= kParallelThreshold; }

/// The dense factors of a term in index bits.
std::vector<Observable::DenseFactor>
denseIn(const std::vector<Observable::DenseFactor> &dense,
        const std::vector<int> &phys) {
  std::vector<Observable::DenseFactor> out = dense;
  for (Observable::DenseFactor &d : out)
    for (int &b : d.bits)
      b = phys[b];
  return out;
}

/// Tables that turn a physical index into another bit numbering: the low 12
/// bits and the rest of the local index are looked up separately.
struct BitMap {
  std::vector<Index> low, high;
  int lowBits;
  BitMap(int localBits, const std::vector<int> &target) {
    lowBits = std::min(localBits, 12);
    low.assign(Index(1) << lowBits, 0);
    high.assign(Index(1) << (localBits - lowBits), 0);
    for (Index i = 0; i < low.size(); ++i)
      for (int b = 0; b < lowBits; ++b)
        if (((i >> b) & 1) && target[b] >= 0)
          low[i] |= Index(1) << target[b];
    for (Index i = 0; i < high.size(); ++i)
      for (int b = 0; b < localBits - lowBits; ++b)
        if (((i >> b) & 1) && target[lowBits + b] >= 0)
          high[i] |= Index(1) << target[lowBits + b];
  }
  Index operator()(Index i) const {
    return low[i & (low.size() - 1)] | high[i >> lowBits];
  }
};

} // namespace

bool DistributedRegister::splits(const Communicator &comm, int64_t numQubits) {
  int globalBits = std::countr_zero(static_cast<unsigned>(comm.size()));
  return comm.size() > 1 && numQubits >= globalBits + kMinLocalQubits;
}

DistributedRegister::DistributedRegister(std::shared_ptr<Communicator> comm,
                                         int numQubits)
    : comm_(std::move(comm)), numQubits_(numQubits),
      localQubits_(numQubits -
                   std::countr_zero(static_cast<unsigned>(comm_->size()))),
      local_(localQubits_) {
  if (comm_->rank() != 0)
    local_[0] = 0.0;
  // Messages of 1/16 of the part, from 64 KiB up to 16 MiB: large enough
  // for the transport's bandwidth, small next to the part.
  chunkAmplitudes = size_t(1) << std::clamp(localQubits_ - 4, 12, 20);
  if (const char *bits = std::getenv("QGRAD_RT_MPI_CHUNK_BITS"))
    chunkAmplitudes = size_t(1) << std::clamp(std::atoi(bits), 4, 30);
  layout_.phys.resize(numQubits);
  layout_.bitAt.resize(numQubits);
  layout_.lastUse.assign(numQubits, 0);
  for (int b = 0; b < numQubits; ++b)
    layout_.phys[b] = layout_.bitAt[b] = b;
}

double DistributedRegister::sumOverRanks(double value) {
  comm_->allreduceSum(&value, 1);
  return value;
}

// ---- Running ops -----------------------------------------------------------

void DistributedRegister::run(const std::vector<KernelOp> &ops,
                              const ExecutorOptions &options) {
  gathered_.reset();
  runOn(ops, layout_, {&local_}, nullptr, 0, options);
}

void DistributedRegister::runOn(const std::vector<KernelOp> &ops,
                                Layout &layout, const Batch &batch,
                                double *derivs, int64_t numSlots,
                                const ExecutorOptions &options) {
  // The ops not run yet. The decisions below must be the same on every
  // rank (partners exchange data in between), so each entry keeps what
  // every rank knows of it: its index bits before it was localized and
  // whether it had no rank bit (then every rank runs the same op). `op` is
  // empty where this rank has nothing to run (a control on a rank bit that
  // is 0 here).
  struct Queued {
    std::optional<KernelOp> op;
    Index bits;
    bool uniform;
  };
  std::vector<Queued> queue;
  auto runLocal = [&](std::vector<Queued> &entries) {
    std::vector<KernelOp> ops;
    for (Queued &q : entries)
      if (q.op)
        ops.push_back(std::move(*q.op));
    entries.clear();
    if (ops.empty())
      return;
    std::vector<Complex *> pointers;
    for (StateVector *s : batch)
      pointers.push_back(s->data());
    StateBatch local{pointers.data(), static_cast<int>(pointers.size()),
                     localQubits_, derivs, numSlots};
    auto start = std::chrono::steady_clock::now();
    double cpuStart = threadCpuSeconds();
    runOps(ops, local, options);
    secondsLocal += secondsSince(start);
    cpuSecondsLocal += threadCpuSeconds() - cpuStart;
  };
  // Before a swap of local bit l: an op that every rank runs alike and that
  // does not touch l acts on both halves of the swap alike, so it commutes
  // with the swap and stays queued, to run (and fuse) with the ops after
  // it. The others run now, unless one of them would overtake a queued op
  // on the same bits (then everything runs now).
  auto runBeforeSwap = [&](int l) {
    std::vector<Queued> now, later;
    Index laterBits = 0;
    for (size_t k = 0; k < queue.size(); ++k) {
      Queued &q = queue[k];
      if (q.uniform && !((q.bits >> l) & 1)) {
        laterBits |= q.bits;
        later.push_back(std::move(q));
      } else if (q.bits & laterBits) {
        for (size_t m = k; m < queue.size(); ++m)
          later.push_back(std::move(queue[m]));
        for (Queued &e : later)
          now.push_back(std::move(e));
        later.clear();
        break;
      } else {
        now.push_back(std::move(q));
      }
    }
    runLocal(now);
    queue = std::move(later);
  };
  // When each bit next has to be local (Belady's choice of which bit to
  // swap out: the one needed last).
  std::vector<std::vector<size_t>> uses(numQubits_);
  for (size_t i = 0; i < ops.size(); ++i)
    for (int b : bitsOf(mixedBits(ops[i])))
      uses[b].push_back(i);
  std::vector<size_t> cursor(numQubits_, 0), nextUse(numQubits_);
  for (size_t i = 0; i < ops.size(); ++i) {
    const KernelOp &op = ops[i];
    // A SWAP renames the two wires' bits: no amplitude moves.
    if (op.kind == OpKind::Swap && op.targets.size() == 2 && op.ctrl == 0) {
      int a = op.targets[0], b = op.targets[1];
      std::swap(layout.phys[a], layout.phys[b]);
      layout.bitAt[layout.phys[a]] = a;
      layout.bitAt[layout.phys[b]] = b;
      continue;
    }
    Index support = op.support(), mixed = mixedBits(op);
    bool remote = false;
    for (int b : bitsOf(mixed))
      remote |= layout.phys[b] >= localQubits_;
    if (remote) {
      for (int b = 0; b < numQubits_; ++b) {
        while (cursor[b] < uses[b].size() && uses[b][cursor[b]] <= i)
          ++cursor[b];
        nextUse[b] = cursor[b] < uses[b].size() ? uses[b][cursor[b]] : SIZE_MAX;
      }
      makeLocal(mixed, support, layout, batch, &nextUse, runBeforeSwap);
    }
    ++layout.clock;
    for (int b : bitsOf(support))
      layout.lastUse[layout.phys[b]] = layout.clock;
    Index bits = remapMask(support, layout.phys.data());
    queue.push_back({localize(op, layout), bits, !(bits & ~localMask())});
  }
  runLocal(queue);
}

void DistributedRegister::makeLocal(
    Index need, Index keep, Layout &layout, const Batch &batch,
    const std::vector<size_t> *nextUse,
    const std::function<void(int)> &beforeSwap) {
  keep |= need;
  for (int b : bitsOf(need)) {
    int global = layout.phys[b];
    if (global < localQubits_)
      continue;
    // Among the local bits the op does not need: the one needed last, then
    // the least recently used, then the highest (long contiguous runs).
    auto later = [&](int l, int than) {
      if (nextUse) {
        size_t a = (*nextUse)[layout.bitAt[l]],
               b = (*nextUse)[layout.bitAt[than]];
        if (a != b)
          return a > b;
      }
      return layout.lastUse[l] < layout.lastUse[than];
    };
    int best = -1;
    for (int l = localQubits_ - 1; l >= 0; --l) {
      if ((keep >> layout.bitAt[l]) & 1)
        continue;
      if (best < 0 || later(l, best))
        best = l;
    }
    if (best < 0)
      throw RuntimeError(
          "an operation on " + std::to_string(std::popcount(keep)) +
          " wires does not fit in the " + std::to_string(localQubits_) +
          " qubits each of the " + std::to_string(comm_->size()) +
          " ranks holds (use fewer ranks)");
    if (beforeSwap)
      beforeSwap(best);
    swapPositions(global, best, layout, batch);
  }
}

void DistributedRegister::swapPositions(int global, int local, Layout &layout,
                                        const Batch &batch) {
  int g = global - localQubits_;
  int partner = comm_->rank() ^ (1 << g);
  int side = ((comm_->rank() >> g) & 1) ^ 1;
  // After the swap, local bit `local` numbers the old rank bit: this rank
  // keeps its amplitudes whose local bit equals its rank bit and trades the
  // other half for the partner's.
  comm_->meet(partner);
  auto start = std::chrono::steady_clock::now();
  for (StateVector *s : batch)
    exchangeHalf(s->data(), local, side, partner);
  secondsSwapping += secondsSince(start);
  int a = layout.bitAt[global], b = layout.bitAt[local];
  layout.phys[a] = local;
  layout.phys[b] = global;
  layout.bitAt[local] = a;
  layout.bitAt[global] = b;
  std::swap(layout.lastUse[local], layout.lastUse[global]);
  ++swaps_;
}

void DistributedRegister::exchangeHalf(Complex *amplitudes, int localBit,
                                       int side, int partner) {
  const Index half = Index(1) << (localQubits_ - 1);
  const Index run = Index(1) << localBit; // contiguous amplitudes
  const Index chunk = std::min<Index>(chunkAmplitudes, half);
  recvBuffer_.resize(chunk);
  // Element e of the half is amplitude ((e >> localBit) << (localBit + 1)) |
  // (side << localBit) | (e & (run - 1)); both partners walk their halves in
  // the same order, so chunk c here is chunk c there.
  auto address = [&](Index e) {
    return ((e >> localBit) << (localBit + 1)) | (Index(side) << localBit) |
           (e & (run - 1));
  };
  const size_t bytes = chunk * sizeof(Complex);
  for (Index begin = 0; begin < half; begin += chunk) {
    if (run >= chunk) { // the chunk is one contiguous piece
      Complex *at = amplitudes + address(begin);
      comm_->exchange(partner, at, recvBuffer_.data(), bytes);
      std::memcpy(static_cast<void *>(at), recvBuffer_.data(), bytes);
      continue;
    }
    sendBuffer_.resize(chunk);
    Complex *send = sendBuffer_.data(), *recv = recvBuffer_.data();
    // Short runs (a low local bit) are copied amplitude by amplitude: a
    // call of memcpy per 16-byte run would cost more than the copy.
    if (run >= 16) {
      for (Index e = begin; e < begin + chunk; e += run)
        std::memcpy(static_cast<void *>(send + (e - begin)),
                    amplitudes + address(e), run * sizeof(Complex));
    } else {
      for (Index e = begin; e < begin + chunk; ++e)
        send[e - begin] = amplitudes[address(e)];
    }
    comm_->exchange(partner, send, recv, bytes);
    if (run >= 16) {
      for (Index e = begin; e < begin + chunk; e += run)
        std::memcpy(static_cast<void *>(amplitudes + address(e)),
                    recv + (e - begin), run * sizeof(Complex));
    } else {
      for (Index e = begin; e < begin + chunk; ++e)
        amplitudes[address(e)] = recv[e - begin];
    }
  }
}

std::optional<KernelOp>
DistributedRegister::localize(const KernelOp &canonical,
                              const Layout &layout) const {
  KernelOp op = remapBits(canonical, layout.phys.data());
  const Index local = localMask(), mine = rankBits();
  // Controls on rank bits: this rank's amplitudes satisfy them or none do.
  Index globalCtrl = op.ctrl & ~local;
  if ((mine & globalCtrl) != globalCtrl)
    return std::nullopt;
  op.ctrl &= local;
  Index globalTargets = targetMask(op) & ~local;
  auto dropGlobalTargets = [&] {
    std::erase_if(op.targets, [&](int t) { return t >= localQubits_; });
  };
  switch (op.kind) {
  case OpKind::MaskPhase:
    if ((mine & globalTargets) != globalTargets)
      return std::nullopt;
    dropGlobalTargets();
    if (op.targets.empty()) { // the phase where the local controls are 1
      op.targets = bitsOf(op.ctrl);
      op.ctrl = 0;
      if (op.targets.empty())
        return scalarOp(op.matrix[0]);
    }
    return op;
  case OpKind::ParityPhase:
    if (std::popcount(mine & globalTargets) & 1)
      std::swap(op.matrix[0], op.matrix[1]);
    dropGlobalTargets();
    if (op.targets.empty()) {
      Complex phase = op.matrix[0];
      if (!op.ctrl)
        return scalarOp(phase);
      op.kind = OpKind::MaskPhase;
      op.targets = bitsOf(op.ctrl);
      op.ctrl = 0;
      op.matrix = {phase};
    }
    return op;
  case OpKind::PauliDeriv: {
    auto terms = std::make_shared<std::vector<PauliTerm>>(*op.pauli);
    for (PauliTerm &t : *terms) {
      Index z = t.pauli.zMask & ~local;
      if (std::popcount(mine & z) & 1)
        t.coeff = -t.coeff;
      t.pauli.zMask &= local;
    }
    op.pauli = std::move(terms);
    return op;
  }
  default:
    if (globalTargets)
      throw RuntimeError("internal error: a distributed op targets a rank bit");
    return op;
  }
}

PauliString DistributedRegister::localPauli(const PauliString &p,
                                            const Layout &layout,
                                            double &sign) const {
  PauliString out{remapMask(p.xMask, layout.phys.data()),
                  remapMask(p.zMask, layout.phys.data()), p.numY};
  if (out.xMask & ~localMask())
    throw RuntimeError("internal error: a Pauli X factor on a rank bit");
  Index z = out.zMask & ~localMask();
  sign = (std::popcount(rankBits() & z) & 1) ? -1.0 : 1.0;
  out.zMask &= localMask();
  return out;
}

// ---- Measurements ----------------------------------------------------------

const StateVector &DistributedRegister::gather() {
  if (gathered_)
    return *gathered_;
  StateVector::checkFits(numQubits_);
  gathered_.emplace(numQubits_);
  StateVector &out = *gathered_;
  std::vector<int> target(layout_.bitAt.begin(),
                          layout_.bitAt.begin() + localQubits_);
  BitMap map(localQubits_, target);
  std::optional<StateVector> buffer;
  const Index size = local_.size();
  for (int r = 0; r < comm_->size(); ++r) {
    const Complex *part = local_.data();
    if (r != comm_->rank()) {
      if (!buffer)
        buffer.emplace(localQubits_);
      part = buffer->data();
    }
    comm_->broadcast(const_cast<Complex *>(part), size * sizeof(Complex), r);
    Index base = 0;
    for (int g = 0; g < globalQubits(); ++g)
      if ((r >> g) & 1)
        base |= Index(1) << layout_.bitAt[localQubits_ + g];
    for (Index i = 0; i < size; ++i)
      out[base | map(i)] = part[i];
  }
  return out;
}

double DistributedRegister::expval(const Observable &obs) {
  gathered_.reset();
  double sum = 0;
  for (const Observable::Term &t : obs.expand(numQubits_)) {
    Index need = termBits(t);
    makeLocal(need, need | t.pauli.zMask, layout_, {&local_});
    double sign;
    PauliString p = localPauli(t.pauli, layout_, sign);
    bool parallel = parallelFor(localQubits_);
    if (t.dense.empty()) {
      sum += t.coeff * sign *
             pauliInner(local_.data(), local_.data(), localQubits_, p, parallel)
                 .real();
      continue;
    }
    StateVector chi = applyDense(local_, denseIn(t.dense, layout_.phys));
    sum +=
        t.coeff * sign *
        pauliInner(local_.data(), chi.data(), localQubits_, p, parallel).real();
  }
  return sumOverRanks(sum);
}

void DistributedRegister::addObservable(const Observable &obs, Layout &layout,
                                        const Batch &batch, StateVector &from,
                                        StateVector &out) {
  for (const Observable::Term &t : obs.expand(numQubits_)) {
    Index need = termBits(t);
    makeLocal(need, need | t.pauli.zMask, layout, batch);
    double sign;
    PauliString p = localPauli(t.pauli, layout, sign);
    bool parallel = parallelFor(localQubits_);
    if (t.dense.empty()) {
      pauliApplyAdd(out.data(), from.data(), localQubits_, p, t.coeff * sign,
                    parallel);
      continue;
    }
    StateVector chi = applyDense(from, denseIn(t.dense, layout.phys));
    pauliApplyAdd(out.data(), chi.data(), localQubits_, p, t.coeff * sign,
                  parallel);
  }
}

double DistributedRegister::variance(const Observable &obs) {
  std::vector<Observable::Term> terms = obs.expand(numQubits_);
  if (terms.size() == 1 && terms[0].dense.empty() &&
      std::abs(terms[0].coeff) == 1.0) {
    double e = expval(obs);
    return 1.0 - e * e; // P^2 = I
  }
  gathered_.reset();
  StateVector chi(localQubits_);
  chi[0] = 0.0;
  addObservable(obs, layout_, {&local_, &chi}, local_, chi);
  bool parallel = parallelFor(localQubits_);
  double sums[2] = {
      innerProduct(chi.data(), chi.data(), localQubits_, parallel).real(),
      innerProduct(local_.data(), chi.data(), localQubits_, parallel).real()};
  comm_->allreduceSum(sums, 2);
  return sums[0] - sums[1] * sums[1];
}

std::vector<double>
DistributedRegister::probabilities(const std::vector<int> &bits) {
  size_t k = bits.size();
  std::vector<double> out(size_t(1) << k, 0.0);
  // Outcome bit of each local index bit (-1: not measured); the rank bits
  // give a constant part of the outcome.
  std::vector<int> target(localQubits_, -1);
  Index base = 0;
  for (size_t p = 0; p < k; ++p) {
    int position = layout_.phys[bits[p]];
    int outcomeBit = static_cast<int>(k - 1 - p);
    if (position < localQubits_)
      target[position] = outcomeBit;
    else if ((rankBits() >> position) & 1)
      base |= Index(1) << outcomeBit;
  }
  BitMap map(localQubits_, target);
  for (Index i = 0; i < local_.size(); ++i)
    out[base | map(i)] += norm2(local_[i]);
  comm_->allreduceSum(out.data(), out.size());
  return out;
}

int DistributedRegister::measure(int bit, int64_t postselect,
                                 std::mt19937_64 &rng) {
  if (postselect < -1 || postselect > 1)
    throw RuntimeError("postselect must be -1, 0 or 1, got " +
                       std::to_string(postselect));
  gathered_.reset();
  int position = layout_.phys[bit];
  bool global = position >= localQubits_;
  Index mask = global ? 0 : Index(1) << position;
  bool rankOne = global && ((rankBits() >> position) & 1);
  double p[2] = {0, 0};
  for (Index i = 0; i < local_.size(); ++i)
    p[global ? rankOne : (i & mask) != 0] += norm2(local_[i]);
  comm_->allreduceSum(p, 2);
  int outcome = postselect >= 0 ? static_cast<int>(postselect)
                                : (uniform01(rng) < p[1] ? 1 : 0);
  double q = p[outcome] / (p[0] + p[1]);
  if (q < 1e-14)
    throw RuntimeError("postselecting outcome " + std::to_string(outcome) +
                       " which has probability " + std::to_string(q));
  double scale = 1.0 / std::sqrt(p[outcome]);
  for (Index i = 0; i < local_.size(); ++i) {
    bool one = global ? rankOne : (i & mask) != 0;
    local_[i] = one == (outcome == 1) ? local_[i] * scale : 0.0;
  }
  return outcome;
}

std::vector<double> DistributedRegister::adjointJacobian(
    const std::vector<KernelOp> &backward,
    const std::vector<const Observable *> &observables, int64_t numParams,
    const ExecutorOptions &options) {
  // The sweep's states share a layout of their own: the register's state and
  // its layout stay as they are.
  Layout layout = layout_;
  std::vector<StateVector> states;
  states.reserve(observables.size() + 1);
  states.push_back(local_);
  for (size_t j = 0; j < observables.size(); ++j) {
    states.emplace_back(localQubits_);
    states.back()[0] = 0.0;
  }
  Batch batch;
  for (StateVector &s : states)
    batch.push_back(&s);
  for (size_t j = 0; j < observables.size(); ++j)
    addObservable(*observables[j], layout, batch, states[0], states[j + 1]);
  std::vector<double> jac(observables.size() * numParams, 0.0);
  runOn(backward, layout, batch, jac.data(), numParams, options);
  comm_->allreduceSum(jac.data(), jac.size());
  return jac;
}

} // namespace qgrad::rt
