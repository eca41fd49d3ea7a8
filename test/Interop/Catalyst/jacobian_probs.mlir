// jacobian of probs: emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_jacobian_probs '[0.6, 1.4]' | FileCheck %s
// CHECK: {{^}}{{\[}}{{\[}}-0.165153285{{[0-9]*}}, -0.449694122{{[0-9]*}}], {{\[}}-0.117167951{{[0-9]*}}, 0.449694122{{[0-9]*}}], {{\[}}0.117167951{{[0-9]*}}, 0.0430307427{{[0-9]*}}], {{\[}}0.165153285{{[0-9]*}}, -0.0430307427{{[0-9]*}}]]
module @jacobian_probs {
  func.func public @jit_jacobian_probs(%arg0: tensor<2xf64>) -> tensor<4x2xf64> attributes {llvm.emit_c_interface} {
    %0 = gradient.grad "auto" @circuit_0(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>} : (tensor<2xf64>) -> tensor<4x2xf64>
    return %0 : tensor<4x2xf64>
  }
  func.func public @circuit_0(%arg0: tensor<2xf64>) -> tensor<4xf64> attributes {diff_method = "parameter-shift", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    %extracted_slice = tensor.extract_slice %arg0[1] [1] [1] : tensor<2xf64> to tensor<1xf64>
    %collapsed = tensor.collapse_shape %extracted_slice [] : tensor<1xf64> into tensor<f64>
    %extracted_slice_0 = tensor.extract_slice %arg0[0] [1] [1] : tensor<2xf64> to tensor<1xf64>
    %collapsed_1 = tensor.collapse_shape %extracted_slice_0 [] : tensor<1xf64> into tensor<f64>
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %0 = quantum.alloc( 2) : !quantum.reg
    %1 = quantum.extract %0[ 0] : !quantum.reg -> !quantum.bit
    %extracted = tensor.extract %collapsed_1[] : tensor<f64>
    %out_qubits = quantum.custom "RY"(%extracted) %1 : !quantum.bit
    %2 = quantum.extract %0[ 1] : !quantum.reg -> !quantum.bit
    %out_qubits_2:2 = quantum.custom "CNOT"() %out_qubits, %2 : !quantum.bit, !quantum.bit
    %extracted_3 = tensor.extract %collapsed[] : tensor<f64>
    %out_qubits_4 = quantum.custom "RY"(%extracted_3) %out_qubits_2#1 : !quantum.bit
    %3 = quantum.compbasis qubits %out_qubits_2#0, %out_qubits_4 : !quantum.obs
    %4 = quantum.probs %3 : tensor<4xf64>
    %5 = quantum.insert %0[ 0], %out_qubits_2#0 : !quantum.reg, !quantum.bit
    %6 = quantum.insert %5[ 1], %out_qubits_4 : !quantum.reg, !quantum.bit
    quantum.dealloc %6 : !quantum.reg
    quantum.device_release
    return %4 : tensor<4xf64>
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