// gradient with respect to an array (Rot): emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_grad_array '[0.1, 0.2, 0.3]' | FileCheck %s
// CHECK: {{^}}{{\[}}{{-?0(\.0*)?(e[-+0-9]*)?[0-9]*}}, 0.936293363{{[0-9]*}}, -0.0587108016{{[0-9]*}}]
module @grad_array {
  func.func public @jit_grad_array(%arg0: tensor<3xf64>) -> tensor<3xf64> attributes {llvm.emit_c_interface} {
    %0 = gradient.grad "auto" @circuit_0(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>} : (tensor<3xf64>) -> tensor<3xf64>
    return %0 : tensor<3xf64>
  }
  func.func public @circuit_0(%arg0: tensor<3xf64>) -> tensor<f64> attributes {diff_method = "parameter-shift", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    %extracted_slice = tensor.extract_slice %arg0[0] [1] [1] : tensor<3xf64> to tensor<1xf64>
    %collapsed = tensor.collapse_shape %extracted_slice [] : tensor<1xf64> into tensor<f64>
    %extracted_slice_0 = tensor.extract_slice %arg0[1] [1] [1] : tensor<3xf64> to tensor<1xf64>
    %collapsed_1 = tensor.collapse_shape %extracted_slice_0 [] : tensor<1xf64> into tensor<f64>
    %extracted_slice_2 = tensor.extract_slice %arg0[2] [1] [1] : tensor<3xf64> to tensor<1xf64>
    %collapsed_3 = tensor.collapse_shape %extracted_slice_2 [] : tensor<1xf64> into tensor<f64>
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %0 = quantum.alloc( 1) : !quantum.reg
    %1 = quantum.extract %0[ 0] : !quantum.reg -> !quantum.bit
    %extracted = tensor.extract %collapsed[] : tensor<f64>
    %extracted_4 = tensor.extract %collapsed_1[] : tensor<f64>
    %extracted_5 = tensor.extract %collapsed_3[] : tensor<f64>
    %out_qubits = quantum.custom "Rot"(%extracted, %extracted_4, %extracted_5) %1 : !quantum.bit
    %2 = quantum.namedobs %out_qubits[ PauliX] : !quantum.obs
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