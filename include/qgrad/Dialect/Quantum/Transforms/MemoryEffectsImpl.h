//===- MemoryEffectsImpl.h - Memory effects of runtime-facing ops -*- C++ -*-=//
//
// The quantum dialect declares no memory effects for measurements and the
// device op. Ownership-based buffer deallocation refuses any op with unknown
// effects in a function that handles buffers, so these models state them:
// array measurements write their buffers, and every measurement reads (and
// measure and device write) the simulator state, a resource of its own.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_DIALECT_QUANTUM_TRANSFORMS_MEMORYEFFECTSIMPL_H
#define QGRAD_DIALECT_QUANTUM_TRANSFORMS_MEMORYEFFECTSIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace qgrad::quantum {

void registerMemoryEffectExternalModels(mlir::DialectRegistry &registry);

} // namespace qgrad::quantum

#endif // QGRAD_DIALECT_QUANTUM_TRANSFORMS_MEMORYEFFECTSIMPL_H
