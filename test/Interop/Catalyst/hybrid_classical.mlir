// classical pre- and post-processing around a qnode: emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_hybrid_classical '0.4' | FileCheck %s
// CHECK: {{^}}0.117211073{{[0-9]*}}
module @hybrid_classical {
  func.func public @jit_hybrid_classical(%arg0: tensor<f64>) -> tensor<f64> attributes {llvm.emit_c_interface} {
    %0 = gradient.grad "auto" @loss(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>} : (tensor<f64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
  func.func private @loss(%arg0: tensor<f64>) -> tensor<f64> attributes {llvm.linkage = #llvm.linkage<internal>} {
    %0 = call @circuit_0(%arg0) : (tensor<f64>) -> tensor<f64>
    %extracted = tensor.extract %0[] : tensor<f64>
    %1 = math.cos %extracted : f64
    %2 = arith.mulf %1, %1 : f64
    %from_elements = tensor.from_elements %2 : tensor<f64>
    return %from_elements : tensor<f64>
  }
  func.func public @circuit_0(%arg0: tensor<f64>) -> tensor<f64> attributes {diff_method = "parameter-shift", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 2.000000e+00 : f64
    %extracted = tensor.extract %arg0[] : tensor<f64>
    %0 = arith.mulf %extracted, %extracted : f64
    %1 = math.sin %extracted : f64
    %2 = arith.mulf %extracted, %cst : f64
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %3 = quantum.alloc( 2) : !quantum.reg
    %4 = quantum.extract %3[ 0] : !quantum.reg -> !quantum.bit
    %out_qubits = quantum.custom "RX"(%2) %4 : !quantum.bit
    %out_qubits_0 = quantum.custom "RY"(%1) %out_qubits : !quantum.bit
    %5 = quantum.extract %3[ 1] : !quantum.reg -> !quantum.bit
    %out_qubits_1:2 = quantum.custom "CNOT"() %out_qubits_0, %5 : !quantum.bit, !quantum.bit
    %out_qubits_2 = quantum.custom "RY"(%0) %out_qubits_1#1 : !quantum.bit
    %6 = quantum.namedobs %out_qubits_1#0[ PauliZ] : !quantum.obs
    %7 = quantum.namedobs %out_qubits_2[ PauliZ] : !quantum.obs
    %8 = quantum.tensor %6, %7 : !quantum.obs
    %9 = quantum.expval %8 : f64
    %from_elements = tensor.from_elements %9 : tensor<f64>
    %10 = quantum.insert %3[ 0], %out_qubits_1#0 : !quantum.reg, !quantum.bit
    %11 = quantum.insert %10[ 1], %out_qubits_2 : !quantum.reg, !quantum.bit
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