//===- EnzymeABI.h - Symbols of the AD engine's C ABI -----------*- C++ -*-===//
//
// The marker globals and entry-point declarations a lowered gradient.backprop
// refers to (include/qgrad/AD/enzyme.h describes their meaning).
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_ENZYMEABI_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_ENZYMEABI_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace qgrad::gradient_to_llvm {

/// Activity markers: the engine reads a global's name, never its value.
inline constexpr llvm::StringLiteral kEnzymeConst = "enzyme_const";
inline constexpr llvm::StringLiteral kEnzymeDup = "enzyme_dup";
inline constexpr llvm::StringLiteral kEnzymeDupNoNeed = "enzyme_dupnoneed";

/// The entry point whose calls the engine replaces by gradient calls.
inline constexpr llvm::StringLiteral kAutodiffEntry = "__enzyme_autodiff";

/// The forward-mode entry point, declared returning void: fwdprop's tangents
/// land in buffers.
inline constexpr llvm::StringLiteral kForwardEntry = "__enzyme_fwddiff";

/// The prefix of the registration globals of inactive functions.
inline constexpr llvm::StringLiteral kInactiveRegistration =
    "__enzyme_inactivefn";

/// The prefix of the registration globals of allocators, whose lists are
/// {allocator, index of its size argument, deallocation spec, deallocator}.
inline constexpr llvm::StringLiteral kAllocationRegistration =
    "__enzyme_allocation_like";

/// The deallocation spec "the deallocator takes the allocator's result".
inline constexpr llvm::StringLiteral kFreesResult = "-1";

/// Declares the external i32 global `marker` in the module of `symbols` if
/// needed and returns its address at the builder's insertion point. Fails
/// (with a diagnostic at `user`) when the name is taken by something else.
mlir::FailureOr<mlir::Value> getMarkerAddress(mlir::OpBuilder &builder,
                                              mlir::Operation *user,
                                              mlir::SymbolTable &symbols,
                                              llvm::StringRef marker);

/// The vararg entry point `__enzyme_autodiff(ptr, ...)` returning
/// `derivativeTypes`: one f64, or none, returns f64 and uses the canonical
/// name; anything else gets a name that spells the types (the engine accepts
/// any `__enzyme_autodiff*` name and adapts to the declared return type).
mlir::FailureOr<mlir::LLVM::LLVMFuncOp>
getAutodiffEntry(mlir::Operation *user, mlir::SymbolTable &symbols,
                 mlir::TypeRange derivativeTypes);

/// The vararg entry point `__enzyme_fwddiff_void(ptr, ...)` returning
/// nothing.
mlir::FailureOr<mlir::LLVM::LLVMFuncOp>
getForwardEntry(mlir::Operation *user, mlir::SymbolTable &symbols);

/// The return type `getAutodiffEntry` declares for `derivativeTypes`.
mlir::Type getAutodiffResultType(mlir::MLIRContext *context,
                                 mlir::TypeRange derivativeTypes);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_ENZYMEABI_H
