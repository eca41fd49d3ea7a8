// a for_loop of gates whose count is fixed: emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_for_loop_gates '0.3' | FileCheck %s
// CHECK: {{^}}-1.41120008{{[0-9]*}}
module @for_loop_gates {
  func.func public @jit_for_loop_gates(%arg0: tensor<f64>) -> tensor<f64> attributes {llvm.emit_c_interface} {
    %0 = gradient.grad "auto" @circuit_0(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>} : (tensor<f64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
  func.func public @circuit_0(%arg0: tensor<f64>) -> tensor<f64> attributes {diff_method = "parameter-shift", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c1_i64 = arith.constant 1 : i64
    %extracted = tensor.extract %arg0[] : tensor<f64>
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %0 = quantum.alloc( 1) : !quantum.reg
    %1 = scf.for %arg1 = %c0 to %c4 step %c1 iter_args(%arg2 = %0) -> (!quantum.reg) {
      %6 = arith.index_cast %arg1 : index to i64
      %7 = arith.addi %6, %c1_i64 : i64
      %8 = arith.sitofp %7 : i64 to f64
      %9 = arith.mulf %extracted, %8 : f64
      %10 = quantum.extract %arg2[ 0] : !quantum.reg -> !quantum.bit
      %out_qubits = quantum.custom "RX"(%9) %10 : !quantum.bit
      %11 = quantum.insert %arg2[ 0], %out_qubits : !quantum.reg, !quantum.bit
      scf.yield %11 : !quantum.reg
    }
    %2 = quantum.extract %1[ 0] : !quantum.reg -> !quantum.bit
    %3 = quantum.namedobs %2[ PauliZ] : !quantum.obs
    %4 = quantum.expval %3 : f64
    %from_elements = tensor.from_elements %4 : tensor<f64>
    %5 = quantum.insert %1[ 0], %2 : !quantum.reg, !quantum.bit
    quantum.dealloc %5 : !quantum.reg
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