//===- RuntimeIds.cpp - Gate and observable ids of the runtime ------------===//

#include "qgrad/Conversion/QuantumToLLVM/RuntimeIds.h"

#include "qgrad_rt.h"

#include "llvm/ADT/STLExtras.h"

using namespace qgrad::quantum;

namespace {
struct GateId {
  llvm::StringLiteral name;
  int64_t id;
};

constexpr GateId kGateIds[] = {
    {"Identity", QGRAD_RT_IDENTITY},
    {"PauliX", QGRAD_RT_PAULI_X},
    {"PauliY", QGRAD_RT_PAULI_Y},
    {"PauliZ", QGRAD_RT_PAULI_Z},
    {"Hadamard", QGRAD_RT_HADAMARD},
    {"S", QGRAD_RT_S},
    {"T", QGRAD_RT_T},
    {"PhaseShift", QGRAD_RT_PHASE_SHIFT},
    {"RX", QGRAD_RT_RX},
    {"RY", QGRAD_RT_RY},
    {"RZ", QGRAD_RT_RZ},
    {"Rot", QGRAD_RT_ROT},
    {"CNOT", QGRAD_RT_CNOT},
    {"CY", QGRAD_RT_CY},
    {"CZ", QGRAD_RT_CZ},
    {"SWAP", QGRAD_RT_SWAP},
    {"IsingXX", QGRAD_RT_ISING_XX},
    {"IsingYY", QGRAD_RT_ISING_YY},
    {"IsingXY", QGRAD_RT_ISING_XY},
    {"IsingZZ", QGRAD_RT_ISING_ZZ},
    {"ControlledPhaseShift", QGRAD_RT_CONTROLLED_PHASE_SHIFT},
    {"CRX", QGRAD_RT_CRX},
    {"CRY", QGRAD_RT_CRY},
    {"CRZ", QGRAD_RT_CRZ},
    {"CRot", QGRAD_RT_CROT},
    {"CSWAP", QGRAD_RT_CSWAP},
    {"Toffoli", QGRAD_RT_TOFFOLI},
    {"MultiRZ", QGRAD_RT_MULTI_RZ},
    {"QubitUnitary", QGRAD_RT_QUBIT_UNITARY},
};

struct ObservableId {
  NamedObservable kind;
  int64_t id;
};

constexpr ObservableId kObservableIds[] = {
    {NamedObservable::Identity, QGRAD_RT_OBS_IDENTITY},
    {NamedObservable::PauliX, QGRAD_RT_OBS_PAULI_X},
    {NamedObservable::PauliY, QGRAD_RT_OBS_PAULI_Y},
    {NamedObservable::PauliZ, QGRAD_RT_OBS_PAULI_Z},
    {NamedObservable::Hadamard, QGRAD_RT_OBS_HADAMARD},
};
} // namespace

std::optional<int64_t>
qgrad::quantum::getRuntimeGateId(llvm::StringRef gateName) {
  const auto *it = llvm::find_if(
      kGateIds, [&](const GateId &entry) { return entry.name == gateName; });
  if (it == std::end(kGateIds))
    return std::nullopt;
  return it->id;
}

std::optional<int64_t>
qgrad::quantum::getRuntimeObservableId(NamedObservable kind) {
  const auto *it =
      llvm::find_if(kObservableIds, [&](const ObservableId &entry) {
        return entry.kind == kind;
      });
  if (it == std::end(kObservableIds))
    return std::nullopt;
  return it->id;
}
