// two arguments, argnums=(0, 1): emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_grad_argnums '0.5' '[0.1, 0.2]' | FileCheck %s
// CHECK: {{^}}-0.489567642{{[0-9]*}}
// CHECK-NEXT: {{^}}{{\[}}-0.0698554963{{[0-9]*}}, -0.0263554862{{[0-9]*}}]
module @grad_argnums {
  func.func public @jit_grad_argnums(%arg0: tensor<f64>, %arg1: tensor<2xf64>) -> (tensor<f64>, tensor<2xf64>) attributes {llvm.emit_c_interface} {
    %0:2 = gradient.grad "auto" @circuit_0(%arg0, %arg1) {diffArgIndices = dense<[0, 1]> : tensor<2xi64>} : (tensor<f64>, tensor<2xf64>) -> (tensor<f64>, tensor<2xf64>)
    return %0#0, %0#1 : tensor<f64>, tensor<2xf64>
  }
  func.func public @circuit_0(%arg0: tensor<f64>, %arg1: tensor<2xf64>) -> tensor<f64> attributes {diff_method = "adjoint", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    %extracted = tensor.extract %arg0[] : tensor<f64>
    %extracted_slice = tensor.extract_slice %arg1[1] [1] [1] : tensor<2xf64> to tensor<1xf64>
    %collapsed = tensor.collapse_shape %extracted_slice [] : tensor<1xf64> into tensor<f64>
    %extracted_0 = tensor.extract %collapsed[] : tensor<f64>
    %0 = arith.mulf %extracted, %extracted_0 : f64
    %extracted_slice_1 = tensor.extract_slice %arg1[0] [1] [1] : tensor<2xf64> to tensor<1xf64>
    %collapsed_2 = tensor.collapse_shape %extracted_slice_1 [] : tensor<1xf64> into tensor<f64>
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %1 = quantum.alloc( 2) : !quantum.reg
    %2 = quantum.extract %1[ 0] : !quantum.reg -> !quantum.bit
    %extracted_3 = tensor.extract %arg0[] : tensor<f64>
    %out_qubits = quantum.custom "RX"(%extracted_3) %2 : !quantum.bit
    %3 = quantum.extract %1[ 1] : !quantum.reg -> !quantum.bit
    %out_qubits_4:2 = quantum.custom "CNOT"() %out_qubits, %3 : !quantum.bit, !quantum.bit
    %extracted_5 = tensor.extract %collapsed_2[] : tensor<f64>
    %out_qubits_6 = quantum.custom "RY"(%extracted_5) %out_qubits_4#1 : !quantum.bit
    %extracted_7 = tensor.extract %collapsed[] : tensor<f64>
    %out_qubits_8 = quantum.custom "RZ"(%extracted_7) %out_qubits_6 : !quantum.bit
    %out_qubits_9 = quantum.custom "RX"(%0) %out_qubits_8 : !quantum.bit
    %4 = quantum.namedobs %out_qubits_9[ PauliZ] : !quantum.obs
    %5 = quantum.expval %4 : f64
    %from_elements = tensor.from_elements %5 : tensor<f64>
    %6 = quantum.insert %1[ 0], %out_qubits_4#0 : !quantum.reg, !quantum.bit
    %7 = quantum.insert %6[ 1], %out_qubits_9 : !quantum.reg, !quantum.bit
    quantum.dealloc %7 : !quantum.reg
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