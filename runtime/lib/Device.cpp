//===- Device.cpp - A simulator device -----------------------------------===//
#include "qgrad/Runtime/Device.h"

#include "qgrad/Runtime/Communicator.h"
#include "qgrad/Runtime/DistributedRegister.h"
#include "qgrad/Runtime/Error.h"

#include <algorithm>
#include <bit>
#include <string>

namespace qgrad::rt {
namespace {

/// Long queues are run early so the queue's memory stays bounded. A state
/// that fits in L1 gains nothing from long queues, so they stay short there
/// and their ops stay in cache.
size_t maxPending(int numQubits) { return numQubits <= 11 ? 64 : 1 << 14; }

std::vector<int> gateBits(const GateInfo &info, const int64_t *wires,
                          int64_t numWires, int numQubits) {
  std::string gate = info.name;
  if (info.numWires ? numWires != info.numWires : numWires < 1)
    throw RuntimeError(gate + ": expects " +
                       (info.numWires ? std::to_string(info.numWires)
                                      : std::string("at least 1")) +
                       " wires, got " + std::to_string(numWires));
  if (!wires)
    throw RuntimeError(gate + ": the wires pointer is null");
  std::vector<int> bits;
  for (int64_t i = 0; i < numWires; ++i) {
    if (wires[i] < 0 || wires[i] >= numQubits)
      throw RuntimeError(gate + ": wire " + std::to_string(wires[i]) +
                         " is outside the register of " +
                         std::to_string(numQubits) + " qubits");
    int bit = bitOfWire(wires[i], numQubits);
    if (std::find(bits.begin(), bits.end(), bit) != bits.end())
      throw RuntimeError(gate + ": wire " + std::to_string(wires[i]) +
                         " is used twice");
    bits.push_back(bit);
  }
  return bits;
}

} // namespace

void Device::requireQubits(const char *what) const {
  if (!state_ && !dist_)
    throw RuntimeError(std::string(what) + ": no qubits are allocated");
}

void Device::distribute(std::shared_ptr<Communicator> comm) {
  if (comm && !std::has_single_bit(static_cast<unsigned>(comm->size())))
    throw RuntimeError("a distributed state needs a power-of-two number of "
                       "ranks, got " +
                       std::to_string(comm->size()));
  comm_ = std::move(comm);
}

void Device::allocate(int64_t numQubits) {
  bool split = comm_ && DistributedRegister::splits(*comm_, numQubits);
  if (!split)
    StateVector::checkFits(numQubits);
  state_.reset();
  dist_.reset();
  numQubits_ = 0;
  pending_.clear();
  if (split)
    dist_ = std::make_shared<DistributedRegister>(comm_,
                                                  static_cast<int>(numQubits));
  else
    state_.emplace(numQubits);
  numQubits_ = static_cast<int>(numQubits);
  if (numQubits > 0)
    lastRegisterQubits_ = numQubits_;
  tape_.clear();
  tapeParams_ = 0;
  recording_ = hasTape_ = false;
  tapeBroken_.clear();
}

void Device::touchState() {
  if (hasTape_ && tapeBroken_.empty())
    tapeBroken_ = recording_ ? "the tape contains a mid-circuit measurement"
                             : "the state changed after the tape stopped";
}

void Device::apply(int64_t gate, const double *params, const int64_t *wires,
                   int64_t numWires, bool adjoint) {
  const GateInfo &info = gateInfo(gate);
  requireQubits(info.name);
  std::vector<int> bits = gateBits(info, wires, numWires, numQubits());
  if (gateParamDoubles(gate, numWires) > 0 && !params)
    throw RuntimeError(std::string(info.name) + ": the params pointer is null");
  if (gate == 0) // Identity
    return;
  KernelOp op = lowerGate(gate, params, bits, adjoint);
  if (recording_) {
    appendTapeSteps(gate, params, bits, adjoint, tapeParams_, tape_);
    tapeParams_ += info.numParams;
  } else {
    touchState();
  }
  pending_.push_back(std::move(op));
  if (pending_.size() >= maxPending(numQubits()))
    flush();
}

void Device::apply(std::string_view gate, std::vector<double> params,
                   std::vector<int64_t> wires, bool adjoint) {
  int64_t id = gateIdFromName(gate);
  if (id < 0)
    throw RuntimeError("unknown gate '" + std::string(gate) + "'");
  if (static_cast<int64_t>(params.size()) != gateParamDoubles(id, wires.size()))
    throw RuntimeError(std::string(gate) + ": expects " +
                       std::to_string(gateParamDoubles(id, wires.size())) +
                       " parameters, got " + std::to_string(params.size()));
  apply(id, params.data(), wires.data(), wires.size(), adjoint);
}

void Device::flush() {
  if (pending_.empty())
    return;
  if (dist_) {
    std::vector<KernelOp> ops = std::move(pending_);
    pending_.clear();
    dist_->run(ops, options_);
    return;
  }
  Complex *data = state_->data();
  StateBatch batch{&data, 1, numQubits()};
  std::vector<KernelOp> ops = std::move(pending_);
  pending_.clear();
  runOps(ops, batch, options_);
}

const StateVector &Device::state() {
  requireQubits("measurement");
  flush();
  return dist_ ? dist_->gather() : *state_;
}

double Device::expval(int64_t obs) {
  const Observable &o = observable(obs);
  if (!dist_)
    return rt::expval(state(), o);
  flush();
  return dist_->expval(o);
}

double Device::var(int64_t obs) {
  const Observable &o = observable(obs);
  if (!dist_)
    return variance(state(), o);
  flush();
  return dist_->variance(o);
}

int64_t Device::addObservable(Observable obs) {
  observables_.push_back(std::move(obs));
  return static_cast<int64_t>(observables_.size()) - 1;
}

const Observable &Device::observable(int64_t handle) const {
  if (handle < 0 || handle >= static_cast<int64_t>(observables_.size()))
    throw RuntimeError("unknown observable handle " + std::to_string(handle));
  return observables_[handle];
}

std::vector<double> Device::probs(const int64_t *wires, int64_t numWires) {
  if (dist_) {
    std::vector<int> bits = measuredBits(wires, numWires, numQubits());
    flush();
    return dist_->probabilities(bits);
  }
  const StateVector &psi = state();
  return probabilities(psi, measuredBits(wires, numWires, numQubits()));
}

std::vector<Index> Device::sample(const int64_t *wires, int64_t numWires,
                                  int64_t shots, uint64_t seed) {
  if (dist_) {
    std::vector<int> bits = measuredBits(wires, numWires, numQubits());
    checkShots(shots);
    flush();
    return sampleFromProbabilities(dist_->probabilities(bits), shots, seed);
  }
  const StateVector &psi = state();
  return sampleOutcomes(psi, measuredBits(wires, numWires, numQubits()), shots,
                        seed);
}

int Device::measure(int64_t wire, int64_t postselect) {
  requireQubits("measure");
  std::vector<int> bits = measuredBits(&wire, 1, numQubits());
  flush();
  int outcome = dist_ ? dist_->measure(bits[0], postselect, rng_)
                      : measureBit(*state_, bits[0], postselect, rng_);
  touchState();
  return outcome;
}

void Device::tapeStart() {
  requireQubits("tape_start");
  tape_.clear();
  tapeParams_ = 0;
  recording_ = hasTape_ = true;
  tapeBroken_.clear();
}

std::vector<double> Device::adjointJacobian(const std::vector<int64_t> &obs) {
  requireQubits("adjoint_jacobian");
  if (!hasTape_)
    throw RuntimeError("adjoint_jacobian: no gate tape was recorded");
  if (!tapeBroken_.empty())
    throw RuntimeError("adjoint_jacobian: " + tapeBroken_);
  std::vector<const Observable *> observables;
  for (int64_t h : obs)
    observables.push_back(&observable(h));
  flush();

  // The sweep stops after the first parametrised gate of the tape: undoing
  // the constant gates before it would not change any derivative.
  auto first = std::find_if(tape_.begin(), tape_.end(),
                            [](const TapeStep &s) { return s.deriv; });
  std::vector<KernelOp> backward;
  backward.reserve(tape_.size() * 2);
  for (auto step = tape_.end(); step != first;) {
    --step;
    if (step->deriv)
      backward.push_back(*step->deriv);
    if (step != first && (!step->deriv || step->deriv->kind != OpKind::Deriv1))
      backward.push_back(adjointOp(step->forward));
  }
  if (dist_)
    return dist_->adjointJacobian(backward, observables, tapeParams_, options_);

  // |phi> runs backwards through the tape; |lambda_j> = O_j |phi> with it.
  const StateVector &final = *state_;
  std::vector<StateVector> states;
  states.reserve(obs.size() + 1);
  states.push_back(final);
  for (const Observable *o : observables)
    states.push_back(applyObservable(final, *o));
  std::vector<Complex *> pointers;
  for (StateVector &s : states)
    pointers.push_back(s.data());
  std::vector<double> jac(obs.size() * tapeParams_, 0.0);
  StateBatch batch{pointers.data(), static_cast<int>(pointers.size()),
                   numQubits(), jac.data(), tapeParams_};
  runOps(backward, batch, options_);
  return jac;
}

} // namespace qgrad::rt
