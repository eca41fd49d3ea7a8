//===- EngineRegistrations.h - Registration globals for the AD engine
//-*-C++-*-===//
//
// Globals the AD engine reads before it differentiates (their layout is in
// include/qgrad/AD/enzyme.h and docs/ad-coverage.md). They have external
// linkage so that the optimisation before AD, which deletes unused internal
// globals, keeps them, and hidden visibility so that a shared library does
// not export them.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_ENGINEREGISTRATIONS_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_ENGINEREGISTRATIONS_H

#include "mlir/IR/SymbolTable.h"

namespace qgrad::gradient_to_llvm {

/// The unit attribute that marks a function whose calls carry no
/// derivative (step sizes, counters, the qnode Jacobian).
inline constexpr llvm::StringLiteral kInactiveAttrName = "gradient.inactive";

/// Lists every func.func marked `gradient.inactive` in an
/// `__enzyme_inactivefn.<name>` global holding its address: the engine
/// treats calls of a listed function as constants.
llvm::LogicalResult registerInactiveFunctions(mlir::SymbolTable &symbols);

/// Registers the memref lowering's allocator, aligned_alloc(alignment,
/// size) freed by free, in an `__enzyme_allocation_like.aligned_alloc`
/// global, so that heap buffers allocated inside differentiated code get
/// zeroed shadows. `indexType` is the lowering's index type.
llvm::LogicalResult registerAllocationFunctions(mlir::SymbolTable &symbols,
                                                mlir::Type indexType);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_ENGINEREGISTRATIONS_H
