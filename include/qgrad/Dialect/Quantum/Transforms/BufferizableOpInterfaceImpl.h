//===- BufferizableOpInterfaceImpl.h - Bufferizing quantum ops --*- C++ -*-===//
//
// One-shot bufferization of the quantum ops that produce tensors (probs,
// state, sample, counts: each result becomes a fresh buffer written through
// `in(...)`) and of the ops that read tensors (the matrix of hermitian and
// unitary, the coefficients of hamiltonian: each becomes a memref operand).
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DIALECT_QUANTUM_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define QGRAD_DIALECT_QUANTUM_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace qgrad::quantum {

/// Attaches the BufferizableOpInterface models to quantum ops.
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

} // namespace qgrad::quantum

#endif // QGRAD_DIALECT_QUANTUM_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
