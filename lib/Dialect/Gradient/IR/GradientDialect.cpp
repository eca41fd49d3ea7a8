//===- GradientDialect.cpp - The gradient dialect -------------------------===//

#include "qgrad/Dialect/Gradient/IR/GradientDialect.h"
#include "qgrad/Dialect/Gradient/IR/GradientOps.h"

using namespace mlir;
using namespace qgrad::gradient;

#include "qgrad/Dialect/Gradient/IR/GradientDialect.cpp.inc"
#include "qgrad/Dialect/Gradient/IR/GradientInterfaces.cpp.inc"

void GradientDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "qgrad/Dialect/Gradient/IR/GradientOps.cpp.inc"
      >();
}
