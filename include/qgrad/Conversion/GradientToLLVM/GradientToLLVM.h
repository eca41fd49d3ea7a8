//===- GradientToLLVM.h - Lowering of gradient.backprop ---------*- C++ -*-===//
//
// The pass that lowers gradient.backprop to the AD engine's C ABI
// (__enzyme_autodiff). docs/gradient-lowering.md gives the argument layout.
//
//===----------------------------------------------------------------------===//

#ifndef QGRAD_CONVERSION_GRADIENTTOLLVM_GRADIENTTOLLVM_H
#define QGRAD_CONVERSION_GRADIENTTOLLVM_GRADIENTTOLLVM_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace qgrad {

#define GEN_PASS_DECL
#include "qgrad/Conversion/GradientToLLVM/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "qgrad/Conversion/GradientToLLVM/Passes.h.inc"

} // namespace qgrad

#endif // QGRAD_CONVERSION_GRADIENTTOLLVM_GRADIENTTOLLVM_H
