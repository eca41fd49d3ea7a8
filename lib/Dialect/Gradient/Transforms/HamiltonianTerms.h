//===- HamiltonianTerms.h - Coefficients the AD engine sees -*- C++ -*-===//
//
// <H> = sum_i c_i <O_i> for H = quantum.hamiltonian(c) O_1..O_n. The
// surrogate linearises a qnode in its gate angles only, so a qnode whose
// coefficients depend on a differentiated argument is first rewritten, before
// it is split, into two functions (named after the qnode Q):
//   Q.terms(args) -> measured...       a qnode returning every value its
//                                      classical code reads from a
//                                      measurement, with each such
//                                      Hamiltonian measured term by term
//                                      (<O_1>, ..., <O_n>) and no
//                                      coefficients
//   NAME(args) -> results              Q's classical code with a call of
//                                      Q.terms (or its differentiable
//                                      version) in place of the
//                                      measurements: sum_i c_i <O_i>
// The AD engine differentiates NAME like any classical code, so dc_i gets
// <O_i> exactly, and Q.terms through its gate angles.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_HAMILTONIANTERMS_H
#define QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_HAMILTONIANTERMS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace qgrad::gradient::detail {

/// Whether differentiating `qnode` in the arguments at `positions` needs the
/// rewrite: a Hamiltonian coefficient depends on one of them. Fails, with an
/// error at the operation and a note at `requestedAt`, when the rewrite
/// cannot give the exact derivative: such a Hamiltonian measured other than
/// by a quantum.expval in the qnode's body (a variance, a term of another
/// observable), coefficients computed from a quantum result, or a
/// measurement read inside a region.
mlir::FailureOr<bool> needsHamiltonianTerms(mlir::func::FuncOp qnode,
                                            llvm::ArrayRef<unsigned> positions,
                                            mlir::Location requestedAt);

/// Q.terms, created on first use. Every Hamiltonian measured by an expval
/// whose coefficients depend on any argument is measured term by term, so the
/// result does not depend on which arguments a request differentiates.
mlir::FailureOr<mlir::func::FuncOp>
getOrCreateHamiltonianTerms(mlir::ModuleOp module, mlir::func::FuncOp qnode);

/// The classical function `name` of the qnode's type that calls `terms`
/// (Q.terms or a function of Q.terms' type standing for it) and combines
/// its values with the coefficients; created on first use, inlined before
/// AD.
mlir::FailureOr<mlir::func::FuncOp> getOrCreateHamiltonianContraction(
    mlir::ModuleOp module, mlir::func::FuncOp qnode, mlir::func::FuncOp terms,
    llvm::StringRef name);

} // namespace qgrad::gradient::detail

#endif // QGRAD_LIB_DIALECT_GRADIENT_TRANSFORMS_HAMILTONIANTERMS_H
