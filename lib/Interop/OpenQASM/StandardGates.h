//===- StandardGates.h - qelib1.inc and stdgates.inc gates ------*- C++ -*-===//
#ifndef QGRAD_LIB_INTEROP_OPENQASM_STANDARDGATES_H
#define QGRAD_LIB_INTEROP_OPENQASM_STANDARDGATES_H

#include "Circuit.h"

#include "llvm/ADT/ArrayRef.h"

namespace qgrad::interop::qasm {

/// A gate of OpenQASM's standard libraries and how it becomes gates of
/// qgrad's table (exactly, or up to a global phase where uncontrolled).
struct StandardGate {
  llvm::StringLiteral name;
  unsigned numParams;
  unsigned numQubits;
  void (*expand)(llvm::ArrayRef<ExprRef> params, llvm::ArrayRef<unsigned> wires,
                 llvm::SMLoc loc, llvm::SmallVectorImpl<Gate> &out);
};

/// The entry for `name` (qelib1.inc and stdgates.inc share most names), or
/// null.
const StandardGate *lookupStandardGate(llvm::StringRef name);

} // namespace qgrad::interop::qasm

#endif // QGRAD_LIB_INTEROP_OPENQASM_STANDARDGATES_H
