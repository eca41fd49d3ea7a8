//===- Gates.cpp - The gate table and its lowering to kernel ops ---------===//
#include "qgrad/Runtime/Gates.h"

#include "qgrad/Runtime/Error.h"
#include "qgrad_rt.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace qgrad::rt {
namespace {

using C = Complex;
const C I(0, 1);
const double kInvSqrt2 = 0.70710678118654752440;

KernelOp matrix1(int target, Index ctrl, std::vector<Complex> m) {
  KernelOp op;
  op.kind = OpKind::Matrix1;
  op.targets = {target};
  op.ctrl = ctrl;
  op.matrix = std::move(m);
  return op;
}

KernelOp phaseOp(OpKind kind, std::vector<int> targets, Index ctrl,
                 std::vector<Complex> phases) {
  KernelOp op;
  op.kind = kind;
  op.targets = std::move(targets);
  op.ctrl = ctrl;
  op.matrix = std::move(phases);
  return op;
}

KernelOp swapOp(std::vector<int> targets, Index ctrl) {
  KernelOp op;
  op.kind = OpKind::Swap;
  op.targets = std::move(targets);
  op.ctrl = ctrl;
  return op;
}

KernelOp matrix2(int hi, int lo, std::vector<Complex> m) {
  KernelOp op;
  op.kind = OpKind::Matrix2;
  op.targets = {hi, lo};
  op.matrix = std::move(m);
  return op;
}

Index bitMask(int b) { return Index(1) << b; }

std::vector<Complex> rx(double t) {
  double c = std::cos(t / 2), s = std::sin(t / 2);
  return {c, -I * s, -I * s, c};
}
std::vector<Complex> ry(double t) {
  double c = std::cos(t / 2), s = std::sin(t / 2);
  return {c, -s, s, c};
}
std::vector<Complex> rz(double t) {
  return {std::polar(1.0, -t / 2), 0, 0, std::polar(1.0, t / 2)};
}
std::vector<Complex> phaseShift(double t) {
  return {1, 0, 0, std::polar(1.0, t)};
}
std::vector<Complex> rot(const double *p) {
  double c = std::cos(p[1] / 2), s = std::sin(p[1] / 2);
  return {std::polar(c, -(p[0] + p[2]) / 2), -std::polar(s, (p[0] - p[2]) / 2),
          std::polar(s, -(p[0] - p[2]) / 2), std::polar(c, (p[0] + p[2]) / 2)};
}
std::vector<Complex> isingXX(double t) {
  C c = std::cos(t / 2), s = -I * std::sin(t / 2);
  return {c, 0, 0, s, 0, c, s, 0, 0, s, c, 0, s, 0, 0, c};
}
std::vector<Complex> isingYY(double t) {
  C c = std::cos(t / 2), s = I * std::sin(t / 2);
  return {c, 0, 0, s, 0, c, -s, 0, 0, -s, c, 0, s, 0, 0, c};
}
std::vector<Complex> isingXY(double t) {
  C c = std::cos(t / 2), s = I * std::sin(t / 2);
  return {1, 0, 0, 0, 0, c, s, 0, 0, s, c, 0, 0, 0, 0, 1};
}
std::vector<Complex> zzPhases(double t) {
  return {std::polar(1.0, -t / 2), std::polar(1.0, t / 2)};
}

using Bits = std::vector<int>;
using Lower = KernelOp (*)(const double *, const Bits &);

// Derivative rules: how the adjoint method differentiates a gate.
enum class Deriv : uint8_t {
  None,  // no parameter
  Fused, // controlled one-target rotation: fused Deriv1 kernel
  Pauli, // generator is a Pauli sum on the gate's wires
  Euler, // Rot / CRot: three fused rotations
};

// Generators G with U(t) = exp(-i t G / 2), as the 2x2 block on the target.
const Complex kGenX[4] = {0, 1, 1, 0};
const Complex kGenY[4] = {0, -I, I, 0};
const Complex kGenZ[4] = {1, 0, 0, -1};
const Complex kGenPhase[4] = {0, 0, 0, -2};

struct GateRule {
  GateInfo info;
  Lower lower;
  Deriv deriv;
  const Complex *generator;                 // Fused
  std::vector<Complex> (*rotation)(double); // Fused: matrix at an angle
};

Index ctrlOf(const Bits &b, size_t count) {
  Index m = 0;
  for (size_t i = 0; i < count; ++i)
    m |= bitMask(b[i]);
  return m;
}

const GateRule kGates[] = {
    {{"Identity", 1, 0}, nullptr, Deriv::None, nullptr, nullptr},
    {{"PauliX", 1, 0},
     [](const double *, const Bits &b) { return swapOp({b[0]}, 0); },
     Deriv::None,
     nullptr,
     nullptr},
    {{"PauliY", 1, 0},
     [](const double *, const Bits &b) {
       return matrix1(b[0], 0, {0, -I, I, 0});
     },
     Deriv::None,
     nullptr,
     nullptr},
    {{"PauliZ", 1, 0},
     [](const double *, const Bits &b) {
       return phaseOp(OpKind::MaskPhase, {b[0]}, 0, {-1});
     },
     Deriv::None,
     nullptr,
     nullptr},
    {{"Hadamard", 1, 0},
     [](const double *, const Bits &b) {
       return matrix1(b[0], 0, {kInvSqrt2, kInvSqrt2, kInvSqrt2, -kInvSqrt2});
     },
     Deriv::None,
     nullptr,
     nullptr},
    {{"S", 1, 0},
     [](const double *, const Bits &b) {
       return phaseOp(OpKind::MaskPhase, {b[0]}, 0, {I});
     },
     Deriv::None,
     nullptr,
     nullptr},
    {{"T", 1, 0},
     [](const double *, const Bits &b) {
       return phaseOp(OpKind::MaskPhase, {b[0]}, 0,
                      {std::polar(1.0, M_PI / 4)});
     },
     Deriv::None,
     nullptr,
     nullptr},
    {{"PhaseShift", 1, 1},
     [](const double *p, const Bits &b) {
       return phaseOp(OpKind::MaskPhase, {b[0]}, 0, {std::polar(1.0, p[0])});
     },
     Deriv::Fused,
     kGenPhase,
     phaseShift},
    {{"RX", 1, 1},
     [](const double *p, const Bits &b) { return matrix1(b[0], 0, rx(p[0])); },
     Deriv::Fused,
     kGenX,
     rx},
    {{"RY", 1, 1},
     [](const double *p, const Bits &b) { return matrix1(b[0], 0, ry(p[0])); },
     Deriv::Fused,
     kGenY,
     ry},
    {{"RZ", 1, 1},
     [](const double *p, const Bits &b) {
       return phaseOp(OpKind::ParityPhase, {b[0]}, 0, zzPhases(p[0]));
     },
     Deriv::Fused,
     kGenZ,
     rz},
    {{"Rot", 1, 3},
     [](const double *p, const Bits &b) { return matrix1(b[0], 0, rot(p)); },
     Deriv::Euler,
     nullptr,
     nullptr},
    {{"CNOT", 2, 0},
     [](const double *, const Bits &b) {
       return swapOp({b[1]}, bitMask(b[0]));
     },
     Deriv::None,
     nullptr,
     nullptr},
    {{"CY", 2, 0},
     [](const double *, const Bits &b) {
       return matrix1(b[1], bitMask(b[0]), {0, -I, I, 0});
     },
     Deriv::None,
     nullptr,
     nullptr},
    {{"CZ", 2, 0},
     [](const double *, const Bits &b) {
       return phaseOp(OpKind::MaskPhase, {b[0], b[1]}, 0, {-1});
     },
     Deriv::None,
     nullptr,
     nullptr},
    {{"SWAP", 2, 0},
     [](const double *, const Bits &b) { return swapOp({b[0], b[1]}, 0); },
     Deriv::None,
     nullptr,
     nullptr},
    {{"IsingXX", 2, 1},
     [](const double *p, const Bits &b) {
       return matrix2(b[0], b[1], isingXX(p[0]));
     },
     Deriv::Pauli,
     nullptr,
     nullptr},
    {{"IsingYY", 2, 1},
     [](const double *p, const Bits &b) {
       return matrix2(b[0], b[1], isingYY(p[0]));
     },
     Deriv::Pauli,
     nullptr,
     nullptr},
    {{"IsingXY", 2, 1},
     [](const double *p, const Bits &b) {
       return matrix2(b[0], b[1], isingXY(p[0]));
     },
     Deriv::Pauli,
     nullptr,
     nullptr},
    {{"IsingZZ", 2, 1},
     [](const double *p, const Bits &b) {
       return phaseOp(OpKind::ParityPhase, {b[0], b[1]}, 0, zzPhases(p[0]));
     },
     Deriv::Pauli,
     nullptr,
     nullptr},
    {{"ControlledPhaseShift", 2, 1},
     [](const double *p, const Bits &b) {
       return phaseOp(OpKind::MaskPhase, {b[0], b[1]}, 0,
                      {std::polar(1.0, p[0])});
     },
     Deriv::Fused,
     kGenPhase,
     phaseShift},
    {{"CRX", 2, 1},
     [](const double *p, const Bits &b) {
       return matrix1(b[1], bitMask(b[0]), rx(p[0]));
     },
     Deriv::Fused,
     kGenX,
     rx},
    {{"CRY", 2, 1},
     [](const double *p, const Bits &b) {
       return matrix1(b[1], bitMask(b[0]), ry(p[0]));
     },
     Deriv::Fused,
     kGenY,
     ry},
    {{"CRZ", 2, 1},
     [](const double *p, const Bits &b) {
       return phaseOp(OpKind::ParityPhase, {b[1]}, bitMask(b[0]),
                      zzPhases(p[0]));
     },
     Deriv::Fused,
     kGenZ,
     rz},
    {{"CRot", 2, 3},
     [](const double *p, const Bits &b) {
       return matrix1(b[1], bitMask(b[0]), rot(p));
     },
     Deriv::Euler,
     nullptr,
     nullptr},
    {{"CSWAP", 3, 0},
     [](const double *, const Bits &b) {
       return swapOp({b[1], b[2]}, bitMask(b[0]));
     },
     Deriv::None,
     nullptr,
     nullptr},
    {{"Toffoli", 3, 0},
     [](const double *, const Bits &b) { return swapOp({b[2]}, ctrlOf(b, 2)); },
     Deriv::None,
     nullptr,
     nullptr},
    {{"MultiRZ", 0, 1},
     [](const double *p, const Bits &b) {
       return phaseOp(OpKind::ParityPhase, b, 0, zzPhases(p[0]));
     },
     Deriv::Pauli,
     nullptr,
     nullptr},
    {{"QubitUnitary", 0, 0}, nullptr, Deriv::None, nullptr, nullptr},
};
static_assert(sizeof(kGates) / sizeof(kGates[0]) == QGRAD_RT_NUM_GATES,
              "the gate table must follow enum qgrad_rt_gate");

const GateRule &rule(int64_t gate) {
  if (gate < 0 || gate >= QGRAD_RT_NUM_GATES)
    throw RuntimeError("unknown gate id " + std::to_string(gate));
  return kGates[gate];
}

/// A dense matrix on more wires is better written as smaller gates (its
/// 4^k entries are read, checked and multiplied per amplitude group).
constexpr size_t kMaxUnitaryWires = 12;

KernelOp qubitUnitary(const double *params, const Bits &bits) {
  if (bits.size() > kMaxUnitaryWires)
    throw RuntimeError("QubitUnitary on " + std::to_string(bits.size()) +
                       " wires: at most " + std::to_string(kMaxUnitaryWires) +
                       " are supported");
  size_t dim = size_t(1) << bits.size();
  std::vector<Complex> m(dim * dim);
  for (size_t i = 0; i < m.size(); ++i)
    m[i] = Complex(params[2 * i], params[2 * i + 1]);
  for (size_t r = 0; r < dim; ++r)
    for (size_t c = 0; c < dim; ++c) {
      Complex dot = 0;
      for (size_t k = 0; k < dim; ++k)
        dot += m[r * dim + k] * std::conj(m[c * dim + k]);
      if (std::abs(dot - Complex(r == c ? 1.0 : 0.0)) > 1e-8)
        throw RuntimeError("QubitUnitary: the " + std::to_string(dim) + "x" +
                           std::to_string(dim) + " matrix is not unitary");
    }
  KernelOp op;
  op.kind = bits.size() == 1   ? OpKind::Matrix1
            : bits.size() == 2 ? OpKind::Matrix2
                               : OpKind::MatrixK;
  op.targets = bits;
  op.matrix = std::move(m);
  return op;
}

std::vector<PauliTerm> pauliGenerator(int64_t gate, const Bits &b) {
  Index all = ctrlOf(b, b.size());
  PauliString xx{all, 0, 0}, yy{all, all, 2}, zz{0, all, 0};
  switch (gate) {
  case QGRAD_RT_ISING_XX:
    return {{1.0, xx}};
  case QGRAD_RT_ISING_YY:
    return {{1.0, yy}};
  case QGRAD_RT_ISING_XY:
    return {{-0.5, xx}, {-0.5, yy}};
  default: // IsingZZ, MultiRZ
    return {{1.0, zz}};
  }
}

/// A fused one-target rotation factor: applied matrix m (or its inverse),
/// derivative slot and generator.
void appendFused(int target, Index ctrl, std::vector<Complex> m,
                 const Complex *generator, bool adjoint, int64_t slot,
                 std::vector<TapeStep> &steps) {
  KernelOp forward = matrix1(target, ctrl, std::move(m));
  if (adjoint)
    forward = adjointOp(forward);
  KernelOp deriv = adjointOp(forward);
  deriv.kind = OpKind::Deriv1;
  deriv.slot = slot;
  deriv.scale = adjoint ? -1.0 : 1.0;
  std::copy(generator, generator + 4, deriv.generator);
  steps.push_back({std::move(forward), std::move(deriv)});
}

} // namespace

const GateInfo &gateInfo(int64_t gate) { return rule(gate).info; }

int64_t numGates() { return QGRAD_RT_NUM_GATES; }

int64_t gateIdFromName(std::string_view name) {
  for (int64_t g = 0; g < QGRAD_RT_NUM_GATES; ++g)
    if (name == kGates[g].info.name)
      return g;
  return -1;
}

int64_t gateParamDoubles(int64_t gate, int64_t numWires) {
  if (gate == QGRAD_RT_QUBIT_UNITARY)
    return 2 * (int64_t(1) << (2 * std::min<int64_t>(numWires, 30)));
  return rule(gate).info.numParams;
}

KernelOp lowerGate(int64_t gate, const double *params, const Bits &bits,
                   bool adjoint) {
  const GateRule &r = rule(gate);
  if (gate == QGRAD_RT_IDENTITY)
    return phaseOp(OpKind::MaskPhase, {}, 0, {1});
  KernelOp op = gate == QGRAD_RT_QUBIT_UNITARY ? qubitUnitary(params, bits)
                                               : r.lower(params, bits);
  return adjoint ? adjointOp(op) : op;
}

void appendTapeSteps(int64_t gate, const double *params, const Bits &bits,
                     bool adjoint, int64_t firstSlot,
                     std::vector<TapeStep> &steps) {
  const GateRule &r = rule(gate);
  switch (r.deriv) {
  case Deriv::None:
    steps.push_back({lowerGate(gate, params, bits, adjoint), std::nullopt});
    return;
  case Deriv::Fused: {
    Index ctrl = ctrlOf(bits, bits.size() - 1);
    appendFused(bits.back(), ctrl, r.rotation(params[0]), r.generator, adjoint,
                firstSlot, steps);
    return;
  }
  case Deriv::Pauli: {
    KernelOp deriv;
    deriv.kind = OpKind::PauliDeriv;
    deriv.slot = firstSlot;
    deriv.scale = adjoint ? -1.0 : 1.0;
    deriv.pauli =
        std::make_shared<std::vector<PauliTerm>>(pauliGenerator(gate, bits));
    steps.push_back({lowerGate(gate, params, bits, adjoint), std::move(deriv)});
    return;
  }
  case Deriv::Euler: {
    // Rot(phi, theta, omega) = RZ(omega) RY(theta) RZ(phi); its inverse
    // applies the inverted factors in the opposite order.
    Index ctrl = ctrlOf(bits, bits.size() - 1);
    int target = bits.back();
    struct Factor {
      std::vector<Complex> m;
      const Complex *g;
      int64_t slot;
    } factors[3] = {{rz(params[0]), kGenZ, firstSlot},
                    {ry(params[1]), kGenY, firstSlot + 1},
                    {rz(params[2]), kGenZ, firstSlot + 2}};
    for (int k = 0; k < 3; ++k) {
      Factor &f = factors[adjoint ? 2 - k : k];
      appendFused(target, ctrl, f.m, f.g, adjoint, f.slot, steps);
    }
    return;
  }
  }
}

} // namespace qgrad::rt
