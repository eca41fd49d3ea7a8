// a Hamiltonian expectation value: emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_hamiltonian '0.7' | FileCheck %s
// CHECK: {{^}}-0.818269021{{[0-9]*}}
module @hamiltonian {
  func.func public @jit_hamiltonian(%arg0: tensor<f64>) -> tensor<f64> attributes {llvm.emit_c_interface} {
    %cst = arith.constant dense<[5.000000e-01, -3.000000e-01, 2.000000e-01]> : tensor<3xf64>
    %0 = gradient.grad "auto" @circuit_0(%cst, %arg0) {diffArgIndices = dense<1> : tensor<1xi64>} : (tensor<3xf64>, tensor<f64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
  func.func public @circuit_0(%arg0: tensor<3xf64>, %arg1: tensor<f64>) -> tensor<f64> attributes {diff_method = "parameter-shift", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 2.000000e+00 : f64
    %extracted = tensor.extract %arg1[] : tensor<f64>
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %0 = quantum.alloc( 2) : !quantum.reg
    %1 = quantum.extract %0[ 0] : !quantum.reg -> !quantum.bit
    %extracted_0 = tensor.extract %arg1[] : tensor<f64>
    %out_qubits = quantum.custom "RX"(%extracted_0) %1 : !quantum.bit
    %2 = arith.mulf %extracted, %cst : f64
    %3 = quantum.extract %0[ 1] : !quantum.reg -> !quantum.bit
    %out_qubits_1 = quantum.custom "RY"(%2) %3 : !quantum.bit
    %out_qubits_2:2 = quantum.custom "CNOT"() %out_qubits, %out_qubits_1 : !quantum.bit, !quantum.bit
    %4 = quantum.namedobs %out_qubits_2#0[ PauliZ] : !quantum.obs
    %5 = quantum.namedobs %out_qubits_2#1[ PauliX] : !quantum.obs
    %6 = quantum.namedobs %out_qubits_2#1[ PauliZ] : !quantum.obs
    %7 = quantum.tensor %4, %6 : !quantum.obs
    %8 = quantum.hamiltonian(%arg0 : tensor<3xf64>) %4, %5, %7 : !quantum.obs
    %9 = quantum.expval %8 : f64
    %from_elements = tensor.from_elements %9 : tensor<f64>
    %10 = quantum.insert %0[ 0], %out_qubits_2#0 : !quantum.reg, !quantum.bit
    %11 = quantum.insert %10[ 1], %out_qubits_2#1 : !quantum.reg, !quantum.bit
    quantum.dealloc %11 : !quantum.reg
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