// value_and_grad: emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_value_and_grad_prog '0.3' | FileCheck %s
// CHECK: {{^}}0.955336489{{[0-9]*}}
// CHECK-NEXT: {{^}}-0.295520206{{[0-9]*}}
module @value_and_grad_prog {
  func.func public @jit_value_and_grad_prog(%arg0: tensor<f64>) -> (tensor<f64>, tensor<f64>) attributes {llvm.emit_c_interface} {
    %vals, %gradients = gradient.value_and_grad "auto" @circuit_0(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>, resultSegmentSizes = array<i32: 1, 1>} : (tensor<f64>) -> (tensor<f64>, tensor<f64>)
    return %vals, %gradients : tensor<f64>, tensor<f64>
  }
  func.func public @circuit_0(%arg0: tensor<f64>) -> tensor<f64> attributes {diff_method = "adjoint", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %0 = quantum.alloc( 1) : !quantum.reg
    %1 = quantum.extract %0[ 0] : !quantum.reg -> !quantum.bit
    %extracted = tensor.extract %arg0[] : tensor<f64>
    %out_qubits = quantum.custom "RX"(%extracted) %1 : !quantum.bit
    %2 = quantum.namedobs %out_qubits[ PauliZ] : !quantum.obs
    %3 = quantum.expval %2 : f64
    %from_elements = tensor.from_elements %3 : tensor<f64>
    %4 = quantum.insert %0[ 0], %out_qubits : !quantum.reg, !quantum.bit
    quantum.dealloc %4 : !quantum.reg
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