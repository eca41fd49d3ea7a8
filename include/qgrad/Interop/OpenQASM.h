//===- qgrad/Interop/OpenQASM.h - OpenQASM 2 and 3 import -------*- C++ -*-===//
//
// Turns an OpenQASM 2.0 or 3 circuit into a qgrad module: one qnode
// @circuit whose arguments are the program's `input float` parameters (in
// declaration order, differentiable) and whose result is the probability
// vector of the measured qubits (ordered by their classical bits; every
// qubit when nothing is measured), and @main calling it. docs/interop.md
// lists the statements and gates understood.
//
//===----------------------------------------------------------------------===//
#ifndef QGRAD_INTEROP_OPENQASM_H
#define QGRAD_INTEROP_OPENQASM_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace qgrad::interop {

/// Imports the main buffer of `sources`. Errors are emitted at the file,
/// line and column they concern; the result is then null.
mlir::OwningOpRef<mlir::ModuleOp> importOpenQASM(llvm::SourceMgr &sources,
                                                 mlir::MLIRContext *context);

/// Registers `--import-openqasm` with mlir-translate's registry.
void registerOpenQASMImport();

} // namespace qgrad::interop

#endif // QGRAD_INTEROP_OPENQASM_H
