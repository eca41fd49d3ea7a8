//===- InitAllPasses.cpp - Register the passes qgrad uses -----------------===//

#include "qgrad/InitAllPasses.h"

#include "qgrad/Conversion/GradientToLLVM/GradientToLLVM.h"
#include "qgrad/Conversion/QuantumToLLVM/QuantumToLLVM.h"
#include "qgrad/Dialect/Gradient/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

void qgrad::registerAllPasses() {
  mlir::registerTransformsPasses();
  mlir::registerConversionPasses();
  mlir::bufferization::registerBufferizationPasses();
  mlir::bufferization::registerBufferizationPipelines();
  mlir::func::registerFuncPasses();
  mlir::LLVM::registerLLVMPasses();
  mlir::registerLinalgPasses();
  mlir::memref::registerMemRefPasses();
  mlir::registerSCFPasses();
  mlir::tensor::registerTensorPasses();
  qgrad::registerGradientToLLVMPasses();
  qgrad::gradient::registerGradientPasses();
  qgrad::registerQuantumToLLVMPasses();
}
