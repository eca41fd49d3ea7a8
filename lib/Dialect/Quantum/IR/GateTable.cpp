//===- GateTable.cpp - The gates qgrad knows ------------------------------===//

#include "qgrad/Dialect/Quantum/IR/GateTable.h"

#include "llvm/ADT/STLExtras.h"

using namespace qgrad::quantum;

namespace {
constexpr ShiftRule kNone = ShiftRule::None;
constexpr ShiftRule kTwo = ShiftRule::TwoTerm;
constexpr ShiftRule kFour = ShiftRule::FourTerm;
constexpr GateSpelling kCustom = GateSpelling::Custom;

// Rot(phi, theta, omega) = RZ(omega) RY(theta) RZ(phi) and CRot its
// controlled form: each angle has the rule of the rotation it belongs to.
// IsingXY's generator (XX + YY) / 4 has eigenvalues {-1/2, 0, 0, 1/2}, hence
// two frequencies; ControlledPhaseShift's generator |11><11| has one.
constexpr GateInfo kGates[] = {
    {"Identity", 0, 1, kNone, kCustom},
    {"PauliX", 0, 1, kNone, kCustom},
    {"PauliY", 0, 1, kNone, kCustom},
    {"PauliZ", 0, 1, kNone, kCustom},
    {"Hadamard", 0, 1, kNone, kCustom},
    {"S", 0, 1, kNone, kCustom},
    {"T", 0, 1, kNone, kCustom},
    {"PhaseShift", 1, 1, kTwo, kCustom},
    {"RX", 1, 1, kTwo, kCustom},
    {"RY", 1, 1, kTwo, kCustom},
    {"RZ", 1, 1, kTwo, kCustom},
    {"Rot", 3, 1, kTwo, kCustom},
    {"CNOT", 0, 2, kNone, kCustom},
    {"CY", 0, 2, kNone, kCustom},
    {"CZ", 0, 2, kNone, kCustom},
    {"SWAP", 0, 2, kNone, kCustom},
    {"IsingXX", 1, 2, kTwo, kCustom},
    {"IsingYY", 1, 2, kTwo, kCustom},
    {"IsingXY", 1, 2, kFour, kCustom},
    {"IsingZZ", 1, 2, kTwo, kCustom},
    {"ControlledPhaseShift", 1, 2, kTwo, kCustom},
    {"CRX", 1, 2, kFour, kCustom},
    {"CRY", 1, 2, kFour, kCustom},
    {"CRZ", 1, 2, kFour, kCustom},
    {"CRot", 3, 2, kFour, kCustom},
    {"CSWAP", 0, 3, kNone, kCustom},
    {"Toffoli", 0, 3, kNone, kCustom},
    {"MultiRZ", 1, kAnyNumberOfWires, kTwo, GateSpelling::MultiRZ},
    {"QubitUnitary", 0, kAnyNumberOfWires, kNone, GateSpelling::Unitary},
};
} // namespace

llvm::ArrayRef<GateInfo> qgrad::quantum::getGateTable() { return kGates; }

const GateInfo *qgrad::quantum::lookupGate(llvm::StringRef name) {
  const auto *it =
      llvm::find_if(kGates, [&](const GateInfo &g) { return g.name == name; });
  return it == std::end(kGates) ? nullptr : it;
}
