// RUN: qgrad-opt %s | FileCheck %s --match-full-lines --strict-whitespace

// A hybrid program written the way Catalyst prints its IR: the printer gives
// back every quantum and gradient line unchanged.

// CHECK:  func.func public @circuit(%arg0: f64, %arg1: f64) -> f64 attributes {diff_method = "parameter-shift", llvm.linkage = #llvm.linkage<internal>, qnode} {
// CHECK-NEXT:    %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:    quantum.device shots(%c0_i64) ["", "qgrad.statevector", "{}"]
// CHECK-NEXT:    %0 = quantum.alloc( 2) : !quantum.reg
// CHECK-NEXT:    %1 = quantum.extract %0[ 0] : !quantum.reg -> !quantum.bit
// CHECK-NEXT:    %out_qubits = quantum.custom "RX"(%arg0) %1 : !quantum.bit
// CHECK-NEXT:    %2 = quantum.extract %0[ 1] : !quantum.reg -> !quantum.bit
// CHECK-NEXT:    %out_qubits_0:2 = quantum.custom "CNOT"() %out_qubits, %2 : !quantum.bit, !quantum.bit
// CHECK-NEXT:    %out_qubits_1 = quantum.custom "RY"(%arg1) %out_qubits_0#1 {adjoint} : !quantum.bit
// CHECK-NEXT:    %out_qubits_2:2 = quantum.multirz(%arg0) %out_qubits_0#0, %out_qubits_1 : !quantum.bit, !quantum.bit
// CHECK-NEXT:    %3 = quantum.namedobs %out_qubits_2#1[PauliZ] : !quantum.obs
// CHECK-NEXT:    %4 = quantum.expval %3 : f64
// CHECK-NEXT:    %5 = quantum.insert %0[ 0], %out_qubits_2#0 : !quantum.reg, !quantum.bit
// CHECK-NEXT:    %6 = quantum.insert %5[ 1], %out_qubits_2#1 : !quantum.reg, !quantum.bit
// CHECK-NEXT:    quantum.dealloc %6 : !quantum.reg
// CHECK-NEXT:    return %4 : f64
// CHECK-NEXT:  }
func.func public @circuit(%arg0: f64, %arg1: f64) -> f64 attributes {diff_method = "parameter-shift", llvm.linkage = #llvm.linkage<internal>, qnode} {
  %c0_i64 = arith.constant 0 : i64
  quantum.device shots(%c0_i64) ["", "qgrad.statevector", "{}"]
  %0 = quantum.alloc( 2) : !quantum.reg
  %1 = quantum.extract %0[ 0] : !quantum.reg -> !quantum.bit
  %out_qubits = quantum.custom "RX"(%arg0) %1 : !quantum.bit
  %2 = quantum.extract %0[ 1] : !quantum.reg -> !quantum.bit
  %out_qubits_0:2 = quantum.custom "CNOT"() %out_qubits, %2 : !quantum.bit, !quantum.bit
  %out_qubits_1 = quantum.custom "RY"(%arg1) %out_qubits_0#1 {adjoint} : !quantum.bit
  %out_qubits_2:2 = quantum.multirz(%arg0) %out_qubits_0#0, %out_qubits_1 : !quantum.bit, !quantum.bit
  %3 = quantum.namedobs %out_qubits_2#1[PauliZ] : !quantum.obs
  %4 = quantum.expval %3 : f64
  %5 = quantum.insert %0[ 0], %out_qubits_2#0 : !quantum.reg, !quantum.bit
  %6 = quantum.insert %5[ 1], %out_qubits_2#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %6 : !quantum.reg
  return %4 : f64
}

// CHECK:  func.func public @probs(%arg0: f64) -> tensor<2xf64> attributes {diff_method = "best", qnode} {
// CHECK-NEXT:    %0 = quantum.alloc( 1) : !quantum.reg
// CHECK-NEXT:    %1 = quantum.extract %0[ 0] : !quantum.reg -> !quantum.bit
// CHECK-NEXT:    %out_qubits = quantum.custom "RY"(%arg0) %1 : !quantum.bit
// CHECK-NEXT:    %2 = quantum.compbasis qubits %out_qubits : !quantum.obs
// CHECK-NEXT:    %3 = quantum.probs %2 : tensor<2xf64>
// CHECK-NEXT:    %4 = quantum.insert %0[ 0], %out_qubits : !quantum.reg, !quantum.bit
// CHECK-NEXT:    quantum.dealloc %4 : !quantum.reg
// CHECK-NEXT:    return %3 : tensor<2xf64>
// CHECK-NEXT:  }
func.func public @probs(%arg0: f64) -> tensor<2xf64> attributes {diff_method = "best", qnode} {
  %0 = quantum.alloc( 1) : !quantum.reg
  %1 = quantum.extract %0[ 0] : !quantum.reg -> !quantum.bit
  %out_qubits = quantum.custom "RY"(%arg0) %1 : !quantum.bit
  %2 = quantum.compbasis qubits %out_qubits : !quantum.obs
  %3 = quantum.probs %2 : tensor<2xf64>
  %4 = quantum.insert %0[ 0], %out_qubits : !quantum.reg, !quantum.bit
  quantum.dealloc %4 : !quantum.reg
  return %3 : tensor<2xf64>
}

// CHECK:  func.func public @jit_loss(%arg0: f64, %arg1: f64) -> (f64, f64) {
// CHECK-NEXT:    %0:2 = gradient.grad "auto" @circuit(%arg0, %arg1) {diffArgIndices = dense<[0, 1]> : tensor<2xi64>} : (f64, f64) -> (f64, f64)
// CHECK-NEXT:    %1 = gradient.grad "fd" @circuit(%arg0, %arg1) {finiteDiffParam = 9.9999999999999995E-8 : f64} : (f64, f64) -> f64
// CHECK-NEXT:    %2 = gradient.grad "auto" @probs(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>} : (f64) -> tensor<2xf64>
// CHECK-NEXT:    return %0#0, %1 : f64, f64
// CHECK-NEXT:  }
func.func public @jit_loss(%arg0: f64, %arg1: f64) -> (f64, f64) {
  %0:2 = gradient.grad "auto" @circuit(%arg0, %arg1) {diffArgIndices = dense<[0, 1]> : tensor<2xi64>} : (f64, f64) -> (f64, f64)
  %1 = gradient.grad "fd" @circuit(%arg0, %arg1) {finiteDiffParam = 9.9999999999999995E-8 : f64} : (f64, f64) -> f64
  %2 = gradient.grad "auto" @probs(%arg0) {diffArgIndices = dense<0> : tensor<1xi64>} : (f64) -> tensor<2xf64>
  return %0#0, %1 : f64, f64
}
