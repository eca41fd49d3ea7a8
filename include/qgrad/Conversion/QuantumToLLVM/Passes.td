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

#endif // QGRAD_CONVERSION_QUANTUMTOLLVM_PASSES_TD
