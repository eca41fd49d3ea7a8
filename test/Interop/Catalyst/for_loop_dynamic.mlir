// a for_loop whose trip count is an argument: emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_for_loop_dynamic '0.3' '3' | FileCheck %s
// CHECK: {{^}}-2.34998072{{[0-9]*}}
module @for_loop_dynamic {
  func.func public @jit_for_loop_dynamic(%arg0: tensor<f64>, %arg1: tensor<i64>) -> tensor<f64> attributes {llvm.emit_c_interface} {
    %0 = gradient.grad "auto" @circuit_0(%arg0, %arg1) {diffArgIndices = dense<0> : tensor<1xi64>} : (tensor<f64>, tensor<i64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
  func.func public @circuit_0(%arg0: tensor<f64>, %arg1: tensor<i64>) -> tensor<f64> attributes {diff_method = "parameter-shift", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %0 = quantum.alloc( 1) : !quantum.reg
    %extracted = tensor.extract %arg1[] : tensor<i64>
    %1 = arith.index_cast %extracted : i64 to index
    %2 = scf.for %arg2 = %c0 to %1 step %c1 iter_args(%arg3 = %0) -> (!quantum.reg) {
      %7 = quantum.extract %arg3[ 0] : !quantum.reg -> !quantum.bit
      %extracted_0 = tensor.extract %arg0[] : tensor<f64>
      %out_qubits = quantum.custom "RY"(%extracted_0) %7 : !quantum.bit
      %8 = quantum.insert %arg3[ 0], %out_qubits : !quantum.reg, !quantum.bit
      scf.yield %8 : !quantum.reg
    }
    %3 = quantum.extract %2[ 0] : !quantum.reg -> !quantum.bit
    %4 = quantum.namedobs %3[ PauliZ] : !quantum.obs
    %5 = quantum.expval %4 : f64
    %from_elements = tensor.from_elements %5 : tensor<f64>
    %6 = quantum.insert %2[ 0], %3 : !quantum.reg, !quantum.bit
    quantum.dealloc %6 : !quantum.reg
    quantum.device_release
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