//===- Passes.h - Passes of the gradient dialect ----------------*- C++ -*-===//

#ifndef QGRAD_DIALECT_GRADIENT_TRANSFORMS_PASSES_H
#define QGRAD_DIALECT_GRADIENT_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace qgrad::gradient {

#define GEN_PASS_DECL
#include "qgrad/Dialect/Gradient/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "qgrad/Dialect/Gradient/Transforms/Passes.h.inc"

} // namespace qgrad::gradient

#endif // QGRAD_DIALECT_GRADIENT_TRANSFORMS_PASSES_H
