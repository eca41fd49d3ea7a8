//===- Passes.td - Passes of the gradient dialect ----------*- tablegen -*-===//

#ifndef QGRAD_DIALECT_GRADIENT_TRANSFORMS_PASSES
#define QGRAD_DIALECT_GRADIENT_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def LowerGradients : Pass<"qgrad-lower-gradients", "mlir::ModuleOp"> {
  let summary = "Lower grad, value_and_grad, jvp and vjp to backprop, "
                "qnode Jacobians and finite differences";
  let description = [{
    Every derivative op becomes ordinary code around `gradient.backprop`
    (method "auto") or around calls of the callee at shifted points (method
    "fd"). Method "auto" differentiates the callee in destination-passing
    style (`F.dps`); each qnode reached from it is replaced by a surrogate
    whose value is the qnode's value and whose derivative with respect to
    the gate parameters is the qnode's Jacobian, computed by parameter shift
    or by the runtime's adjoint method. The classical argmap that computes
    the gate parameters is differentiated by the AD engine, so gradients flow
    through classical pre- and post-processing by the chain rule.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::bufferization::BufferizationDialect",
    "mlir::func::FuncDialect", "mlir::linalg::LinalgDialect",
    "mlir::LLVM::LLVMDialect", "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect", "mlir::tensor::TensorDialect"
  ];
}

#endif // QGRAD_DIALECT_GRADIENT_TRANSFORMS_PASSES
