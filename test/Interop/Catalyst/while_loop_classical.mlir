// a while_loop in classical code: emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_while_loop_classical '0.2' | FileCheck %s
// CHECK: {{^}}5.20487739{{[0-9]*}}
module @while_loop_classical {
  func.func public @jit_while_loop_classical(%arg0: tensor<f64>) -> tensor<f64> attributes {llvm.emit_c_interface} {
    %0 = gradient.grad "auto" @f(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>} : (tensor<f64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
  func.func private @f(%arg0: tensor<f64>) -> tensor<f64> attributes {llvm.linkage = #llvm.linkage<internal>} {
    %cst = arith.constant 2.000000e+00 : f64
    %cst_0 = arith.constant 1.500000e+00 : f64
    %extracted = tensor.extract %arg0[] : tensor<f64>
    %extracted_1 = tensor.extract %arg0[] : tensor<f64>
    %0 = scf.while (%arg1 = %extracted_1) : (f64) -> f64 {
      %3 = arith.cmpf olt, %arg1, %cst : f64
      scf.condition(%3) %arg1 : f64
    } do {
    ^bb0(%arg1: f64):
      %3 = arith.mulf %arg1, %cst_0 : f64
      %4 = arith.addf %3, %extracted : f64
      scf.yield %4 : f64
    }
    %1 = math.sin %extracted : f64
    %2 = arith.mulf %0, %1 : f64
    %from_elements = tensor.from_elements %2 : tensor<f64>
    return %from_elements : tensor<f64>
  }
  func.func @setup() {
    quantum.init
    return
  }
  func.func @teardown() {
    quantum.finalize
    return
  }
}