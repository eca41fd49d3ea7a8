// a two-qubit VQE-style ansatz, adjoint: emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_vqe '[0.1, -0.4]' | FileCheck %s
// CHECK: {{^}}{{\[}}-0.0784911428{{[0-9]*}}, 0.750624607{{[0-9]*}}]
module @vqe {
  func.func public @jit_vqe(%arg0: tensor<2xf64>) -> tensor<2xf64> attributes {llvm.emit_c_interface} {
    %0 = gradient.grad "auto" @circuit_0(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>} : (tensor<2xf64>) -> tensor<2xf64>
    return %0 : tensor<2xf64>
  }
  func.func public @circuit_0(%arg0: tensor<2xf64>) -> tensor<f64> attributes {diff_method = "adjoint", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    %extracted_slice = tensor.extract_slice %arg0[1] [1] [1] : tensor<2xf64> to tensor<1xf64>
    %collapsed = tensor.collapse_shape %extracted_slice [] : tensor<1xf64> into tensor<f64>
    %extracted = tensor.extract %collapsed[] : tensor<f64>
    %extracted_slice_0 = tensor.extract_slice %arg0[0] [1] [1] : tensor<2xf64> to tensor<1xf64>
    %collapsed_1 = tensor.collapse_shape %extracted_slice_0 [] : tensor<1xf64> into tensor<f64>
    %extracted_2 = tensor.extract %collapsed_1[] : tensor<f64>
    %0 = arith.mulf %extracted_2, %extracted : f64
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %1 = quantum.alloc( 2) : !quantum.reg
    %2 = quantum.extract %1[ 0] : !quantum.reg -> !quantum.bit
    %out_qubits = quantum.custom "Hadamard"() %2 : !quantum.bit
    %extracted_3 = tensor.extract %collapsed_1[] : tensor<f64>
    %out_qubits_4 = quantum.custom "RY"(%extracted_3) %out_qubits : !quantum.bit
    %3 = quantum.extract %1[ 1] : !quantum.reg -> !quantum.bit
    %out_qubits_5:2 = quantum.custom "CNOT"() %out_qubits_4, %3 : !quantum.bit, !quantum.bit
    %extracted_6 = tensor.extract %collapsed[] : tensor<f64>
    %out_qubits_7 = quantum.custom "RX"(%extracted_6) %out_qubits_5#1 : !quantum.bit
    %out_qubits_8:2 = quantum.custom "CRX"(%0) %out_qubits_7, %out_qubits_5#0 : !quantum.bit, !quantum.bit
    %out_qubits_9 = quantum.custom "RY"(%extracted_6) %out_qubits_8#0 : !quantum.bit
    %4 = quantum.namedobs %out_qubits_8#1[ PauliZ] : !quantum.obs
    %5 = quantum.namedobs %out_qubits_9[ PauliZ] : !quantum.obs
    %6 = quantum.tensor %4, %5 : !quantum.obs
    %7 = quantum.expval %6 : f64
    %from_elements = tensor.from_elements %7 : tensor<f64>
    %8 = quantum.insert %1[ 0], %out_qubits_8#1 : !quantum.reg, !quantum.bit
    %9 = quantum.insert %8[ 1], %out_qubits_9 : !quantum.reg, !quantum.bit
    quantum.dealloc %9 : !quantum.reg
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