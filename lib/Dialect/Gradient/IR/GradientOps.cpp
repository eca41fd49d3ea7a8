//===- GradientOps.cpp - Generated definitions of the gradient ops --------===//
//
// The verifiers live in DerivativeOps.cpp and BackpropOp.cpp.
//
//===----------------------------------------------------------------------===//

#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace qgrad::gradient;

#define GET_OP_CLASSES
#include "qgrad/Dialect/Gradient/IR/GradientOps.cpp.inc"
