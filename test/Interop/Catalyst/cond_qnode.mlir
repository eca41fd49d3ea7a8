// cond on a classical value inside a qnode: emitted by Catalyst 0.15 (Inputs/generate.py);
// the CHECK lines are the values Catalyst printed.
// RUN: qgrad run %s --entry jit_cond_qnode '0.8' | FileCheck %s
// CHECK: {{^}}-0.717356090{{[0-9]*}}
module @cond_qnode {
  func.func public @jit_cond_qnode(%arg0: tensor<f64>) -> tensor<f64> attributes {llvm.emit_c_interface} {
    %0 = gradient.grad "auto" @circuit_0(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>} : (tensor<f64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
  func.func public @circuit_0(%arg0: tensor<f64>) -> tensor<f64> attributes {diff_method = "parameter-shift", llvm.linkage = #llvm.linkage<internal>, qnode} {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 5.000000e-01 : f64
    %extracted = tensor.extract %arg0[] : tensor<f64>
    %0 = arith.cmpf ogt, %extracted, %cst : f64
    quantum.device shots(%c0_i64) ["/tmp/catvenv/lib/python3.11/site-packages/pennylane_lightning/liblightning_qubit_catalyst.so", "LightningSimulator", "{'mcmc': False, 'num_burnin': 0, 'kernel_name': None}"]
    %1 = quantum.alloc( 1) : !quantum.reg
    %2 = scf.if %0 -> (!quantum.reg) {
      %7 = quantum.extract %1[ 0] : !quantum.reg -> !quantum.bit
      %extracted_0 = tensor.extract %arg0[] : tensor<f64>
      %out_qubits = quantum.custom "RX"(%extracted_0) %7 : !quantum.bit
      %8 = quantum.insert %1[ 0], %out_qubits : !quantum.reg, !quantum.bit
      scf.yield %8 : !quantum.reg
    } else {
      %7 = quantum.extract %1[ 0] : !quantum.reg -> !quantum.bit
      %extracted_0 = tensor.extract %arg0[] : tensor<f64>
      %out_qubits = quantum.custom "RY"(%extracted_0) %7 : !quantum.bit
      %8 = quantum.insert %1[ 0], %out_qubits : !quantum.reg, !quantum.bit
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