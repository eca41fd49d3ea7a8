//===- Passes.td - Lowering the quantum dialect to runtime calls -*- tablegen -*-===//

#ifndef QGRAD_CONVERSION_QUANTUMTOLLVM_PASSES_TD
#define QGRAD_CONVERSION_QUANTUMTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertQuantumToLLVM : Pass<"convert-quantum-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower quantum ops to calls of the qgrad runtime's C API";
  let description = [{
    Runs after bufferization. Qubits become i64 wire indices, registers their
    i64 base wire and observables i64 runtime handles; every quantum op
    becomes calls of `qgrad_rt_*` on `qgrad_rt_default_context()` (called
    once per function). Qubits and registers carried by scf ops, calls and
    branches are retyped with them. The output uses func, arith, memref, scf
    and llvm ops, which the rest of the LLVM lowering pipeline handles.
    See docs/quantum-lowering.md.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::func::FuncDialect",
    "mlir::LLVM::LLVMDialect", "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect"
  ];
}

def ConvertParallelForToRuntime
    : Pass<"convert-parallel-for-to-runtime", "mlir::ModuleOp"> {
  let summary = "Run the loops marked qgrad.parallel_for with "
                "qgrad_rt_parallel_for";
  let description = [{
    Runs on the LLVM dialect, at the end of the LLVM lowering. An
    `llvm.func @F(operands..., %n: i64)` marked `qgrad.parallel_for = @C`
    (the gradient lowering's `Q.evaluate.columns`, whose body calls
    `@C(operands..., %i)` for i < n) gets the body

      closure = {operands...} on the stack
      qgrad_rt_parallel_for(qgrad_rt_default_context(), n, @F.body, closure)

    where the new `llvm.func private @F.body(%closure: !llvm.ptr, %i: i64)`
    loads the operands and calls `@C(operands..., %i)`. The runtime runs
    the iterations in order on one thread, or side by side on threads with
    contexts of their own (docs/runtime.md, "Threads").
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // QGRAD_CONVERSION_QUANTUMTOLLVM_PASSES_TD
