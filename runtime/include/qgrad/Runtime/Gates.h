//===- Gates.h - The gate set: names, arity, lowering to kernels -*- C++
//-*-===//
#ifndef QGRAD_RUNTIME_GATES_H
#define QGRAD_RUNTIME_GATES_H

#include "qgrad/Runtime/KernelOp.h"

#include <optional>
#include <string_view>

namespace qgrad::rt {

struct GateInfo {
  const char *name;
  int numWires;  // 0: any number (MultiRZ, QubitUnitary)
  int numParams; // trainable angles
};

/// The gate's row of the gate table; throws RuntimeError for an unknown id.
const GateInfo &gateInfo(int64_t gate);
int64_t numGates();

/// The id of a gate spelled as PennyLane spells it, or -1.
int64_t gateIdFromName(std::string_view name);

/// The number of doubles `params` must hold for the gate on numWires wires.
int64_t gateParamDoubles(int64_t gate, int64_t numWires);

/// The gate (or its inverse) as one kernel op; bits[i] is the index bit of the
/// gate's i-th wire. Throws RuntimeError for a non-unitary QubitUnitary.
KernelOp lowerGate(int64_t gate, const double *params,
                   const std::vector<int> &bits, bool adjoint);

/// One single-parameter factor of a recorded gate: how it was applied, and the
/// op that the adjoint sweep runs for it (a Deriv1, which also inverts it; a
/// PauliDeriv, after which `forward` is inverted; or none for a constant gate).
struct TapeStep {
  KernelOp forward;
  std::optional<KernelOp> deriv;
};

/// Appends the factors of a gate in the order they act; its parameters get
/// the derivative slots firstSlot, firstSlot + 1, ...
void appendTapeSteps(int64_t gate, const double *params,
                     const std::vector<int> &bits, bool adjoint,
                     int64_t firstSlot, std::vector<TapeStep> &steps);

} // namespace qgrad::rt

#endif
