//===- Passes.td - Lowering of the gradient dialect to LLVM -*- tablegen -*-===//

#ifndef QGRAD_CONVERSION_GRADIENTTOLLVM_PASSES_TD
#define QGRAD_CONVERSION_GRADIENTTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertGradientToLLVM : Pass<"convert-gradient-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower gradient.backprop to calls of the AD engine's "
                "__enzyme_autodiff";
  let description = [{
    Replaces every `gradient.backprop` by a vararg `llvm.call` of
    `__enzyme_autodiff` (or `__enzyme_autodiff_<types>` when the derivatives
    come back as anything but one f64). Memref operands are passed as the
    fields of their descriptors, in the order func-to-llvm expands a memref
    parameter, each pointer preceded by its activity marker:

      differentiated memref   enzyme_const, allocated, enzyme_dup, aligned,
                              shadow_aligned, offset, sizes..., strides...
      other memref            enzyme_const, allocated, enzyme_const, aligned,
                              offset, sizes..., strides...
      callee_out buffer       enzyme_const, allocated, enzyme_dupnoneed,
                              aligned, cotangent_aligned, offset, sizes...,
                              strides...
      differentiated scalar   the value (active by default)
      other scalar            enzyme_const, the value

    `grad_out` shadows are zeroed before the call. A `func.func` with the
    unit attribute `gradient.inactive` is listed in an `__enzyme_inactivefn`
    registration global so that the engine treats its calls as constant.

    Runs after bufferization; what it creates (func.constant, linalg.fill,
    scf.if around run-time shape checks, arith casts, unrealized casts of
    memrefs to descriptors) is
    lowered by the rest of the LLVM lowering pipeline.
  }];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect",
    "mlir::arith::ArithDialect",
    "mlir::scf::SCFDialect",
    "mlir::func::FuncDialect",
    "mlir::linalg::LinalgDialect",
    "mlir::memref::MemRefDialect",
  ];
}

#endif // QGRAD_CONVERSION_GRADIENTTOLLVM_PASSES_TD
