//===- Wires.h - Static qubit counts of registers and observables -*- C++ -*-=//
//
// Sizes that verifiers and lowerings need when they are known at compile
// time: a register's size (through chains of quantum.insert back to its
// quantum.alloc) and the number of wires an observable acts on.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DIALECT_QUANTUM_IR_WIRES_H
#define QGRAD_DIALECT_QUANTUM_IR_WIRES_H

#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>

namespace qgrad::quantum {

/// The number of qubits of a register value, when its allocation is visible
/// with a constant size.
std::optional<int64_t> getStaticRegisterSize(mlir::Value qreg);

/// The number of wires an observable value acts on, when it is known: one for
/// a named observable, the qubits of a Hermitian or computational basis, the
/// sum over the factors of a tensor product. Unknown for Hamiltonians (terms
/// may share wires) and for observables that arrive as block arguments.
std::optional<int64_t> getNumObservedWires(mlir::Value obs);

} // namespace qgrad::quantum

#endif // QGRAD_DIALECT_QUANTUM_IR_WIRES_H
