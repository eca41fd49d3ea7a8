//===- GateTable.h - The gates qgrad knows, with their shapes ---*- C++ -*-===//
//
// One table, shared by the verifier and the lowering passes, lists every gate
// by its PennyLane name with its number of f64 parameters, its number of
// qubits, the op that spells it and the shift rule that differentiates each of
// its parameters.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_GATETABLE_H
#define QGRAD_DIALECT_QUANTUM_IR_GATETABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace qgrad::quantum {

/// How a parameter-shift pass differentiates one parameter of a gate.
enum class ShiftRule : uint8_t {
  /// The gate has no parameters, or they are not shift-differentiable.
  None,
  /// Generator eigenvalues differ by one frequency (e.g. +-1/2): two
  /// evaluations shifted by +-pi/2.
  TwoTerm,
  /// Generator spectrum has two frequencies (controlled rotations, IsingXY):
  /// four evaluations.
  FourTerm,
};

/// Which quantum dialect op spells a gate.
enum class GateSpelling : uint8_t { Custom, MultiRZ, Unitary };

/// Marks a gate that acts on any number (at least one) of qubits.
inline constexpr int kAnyNumberOfWires = -1;

struct GateInfo {
  llvm::StringLiteral name;
  unsigned numParams;
  int numWires;
  ShiftRule shiftRule;
  GateSpelling spelling;

  bool hasFixedWires() const { return numWires != kAnyNumberOfWires; }
};

/// Every known gate, in a stable order.
llvm::ArrayRef<GateInfo> getGateTable();

/// The entry for `name`, or nullptr for an unknown gate.
const GateInfo *lookupGate(llvm::StringRef name);

} // namespace qgrad::quantum

#endif // QGRAD_DIALECT_QUANTUM_IR_GATETABLE_H
