//===- InactiveRegistration.h - gradient.inactive functions -----*- C++ -*-===//

#ifndef QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_INACTIVEREGISTRATION_H
#define QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_INACTIVEREGISTRATION_H

#include "mlir/IR/BuiltinOps.h"

namespace qgrad::gradient_to_llvm {

/// The unit attribute that marks a function whose calls carry no
/// derivative (step sizes, counters, logging).
inline constexpr llvm::StringLiteral kInactiveAttrName = "gradient.inactive";

/// Lists every func.func marked `gradient.inactive` in an
/// `__enzyme_inactivefn.<name>` global holding its address, which the AD
/// engine reads as "calls of this function are constant". The global has
/// external linkage so that the optimisation before AD keeps it.
llvm::LogicalResult registerInactiveFunctions(mlir::ModuleOp module);

} // namespace qgrad::gradient_to_llvm

#endif // QGRAD_LIB_CONVERSION_GRADIENTTOLLVM_INACTIVEREGISTRATION_H
