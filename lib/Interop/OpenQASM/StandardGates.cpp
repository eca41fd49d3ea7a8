//===- StandardGates.cpp - qelib1.inc and stdgates.inc gates --------------===//
//
// One row per standard gate. Most are one gate of qgrad's table; the others
// are short products of them, derived here:
//   U(theta, phi, lambda) = e^{i(phi+lambda)/2} RZ(phi) RY(theta) RZ(lambda)
//                         = Rot(lambda, theta, phi) up to that phase;
//   H = RY(pi/4) Z RY(-pi/4), so CH = RY(-pi/4) on the target, CZ, RY(pi/4);
//   controlled-U adds the phase U drops: CRot(lambda, theta, phi), then
//   PhaseShift((phi + lambda)/2) on the control (plus gamma for cu's 4th).
// Global phases of uncontrolled gates (sdg, sx, u2, ...) change no
// probability and are dropped.
//
//===----------------------------------------------------------------------===//

#include "StandardGates.h"

#include <numbers>

using namespace llvm;

namespace qgrad::interop::qasm {

namespace {

constexpr double kPi = std::numbers::pi;

ExprRef half(ExprRef e) { return binaryExpr('*', numberExpr(0.5), std::move(e)); }

void emit(SmallVectorImpl<Gate> &out, StringRef name, ArrayRef<ExprRef> params,
          ArrayRef<unsigned> wires, SMLoc loc) {
  Gate gate;
  gate.name = name.str();
  gate.params.assign(params.begin(), params.end());
  gate.wires.assign(wires.begin(), wires.end());
  gate.loc = loc;
  out.push_back(std::move(gate));
}

/// A gate that is one gate of qgrad's table with the same parameters.
template <const char *Name>
void same(ArrayRef<ExprRef> p, ArrayRef<unsigned> w, SMLoc loc,
          SmallVectorImpl<Gate> &out) {
  emit(out, Name, p, w, loc);
}

// Names of qgrad's gates, as template arguments.
constexpr char Identity[] = "Identity", PauliX[] = "PauliX",
               PauliY[] = "PauliY", PauliZ[] = "PauliZ",
               Hadamard[] = "Hadamard", S[] = "S", T[] = "T", RX[] = "RX",
               RY[] = "RY", RZ[] = "RZ", Phase[] = "PhaseShift",
               CNOT[] = "CNOT", CY[] = "CY", CZ[] = "CZ", SWAP[] = "SWAP",
               Toffoli[] = "Toffoli", CSWAP[] = "CSWAP", CRX[] = "CRX",
               CRY[] = "CRY", CRZ[] = "CRZ", CPhase[] = "ControlledPhaseShift",
               IsingXX[] = "IsingXX", IsingYY[] = "IsingYY",
               IsingZZ[] = "IsingZZ";

/// A fixed-angle single-parameter gate: sdg = PhaseShift(-pi/2), ...
template <const char *Name, int Numerator, int Denominator>
void fixed(ArrayRef<ExprRef>, ArrayRef<unsigned> w, SMLoc loc,
           SmallVectorImpl<Gate> &out) {
  emit(out, Name, {numberExpr(kPi * Numerator / Denominator)}, w, loc);
}

void u3(ArrayRef<ExprRef> p, ArrayRef<unsigned> w, SMLoc loc,
        SmallVectorImpl<Gate> &out) {
  emit(out, "Rot", {p[2], p[0], p[1]}, w, loc);
}

void u2(ArrayRef<ExprRef> p, ArrayRef<unsigned> w, SMLoc loc,
        SmallVectorImpl<Gate> &out) {
  emit(out, "Rot", {p[1], numberExpr(kPi / 2), p[0]}, w, loc);
}

void ch(ArrayRef<ExprRef>, ArrayRef<unsigned> w, SMLoc loc,
        SmallVectorImpl<Gate> &out) {
  emit(out, "RY", {numberExpr(-kPi / 4)}, {w[1]}, loc);
  emit(out, "CZ", {}, w, loc);
  emit(out, "RY", {numberExpr(kPi / 4)}, {w[1]}, loc);
}

// Controlled U(theta, phi, lambda) [times e^{i gamma} for cu's fourth].
void controlledU(ArrayRef<ExprRef> p, ArrayRef<unsigned> w, SMLoc loc,
                 SmallVectorImpl<Gate> &out) {
  emit(out, "CRot", {p[2], p[0], p[1]}, w, loc);
  ExprRef phase = half(binaryExpr('+', p[1], p[2]));
  if (p.size() == 4)
    phase = binaryExpr('+', phase, p[3]);
  emit(out, "PhaseShift", {phase}, {w[0]}, loc);
}

const StandardGate kStandardGates[] = {
    {"id", 0, 1, same<Identity>},
    {"x", 0, 1, same<PauliX>},
    {"y", 0, 1, same<PauliY>},
    {"z", 0, 1, same<PauliZ>},
    {"h", 0, 1, same<Hadamard>},
    {"s", 0, 1, same<S>},
    {"sdg", 0, 1, fixed<Phase, -1, 2>},
    {"t", 0, 1, same<T>},
    {"tdg", 0, 1, fixed<Phase, -1, 4>},
    {"sx", 0, 1, fixed<RX, 1, 2>},
    {"sxdg", 0, 1, fixed<RX, -1, 2>},
    {"rx", 1, 1, same<RX>},
    {"ry", 1, 1, same<RY>},
    {"rz", 1, 1, same<RZ>},
    {"p", 1, 1, same<Phase>},
    {"phase", 1, 1, same<Phase>},
    {"u1", 1, 1, same<Phase>},
    {"u2", 2, 1, u2},
    {"u3", 3, 1, u3},
    {"u", 3, 1, u3},
    {"U", 3, 1, u3},
    {"cx", 0, 2, same<CNOT>},
    {"CX", 0, 2, same<CNOT>},
    {"cy", 0, 2, same<CY>},
    {"cz", 0, 2, same<CZ>},
    {"ch", 0, 2, ch},
    {"swap", 0, 2, same<SWAP>},
    {"crx", 1, 2, same<CRX>},
    {"cry", 1, 2, same<CRY>},
    {"crz", 1, 2, same<CRZ>},
    {"cp", 1, 2, same<CPhase>},
    {"cphase", 1, 2, same<CPhase>},
    {"cu1", 1, 2, same<CPhase>},
    {"cu3", 3, 2, controlledU},
    {"cu", 4, 2, controlledU},
    {"rxx", 1, 2, same<IsingXX>},
    {"ryy", 1, 2, same<IsingYY>},
    {"rzz", 1, 2, same<IsingZZ>},
    {"ccx", 0, 3, same<Toffoli>},
    {"cswap", 0, 3, same<CSWAP>},
};

} // namespace

const StandardGate *lookupStandardGate(StringRef name) {
  for (const StandardGate &gate : kStandardGates)
    if (gate.name == name)
      return &gate;
  return nullptr;
}

} // namespace qgrad::interop::qasm
