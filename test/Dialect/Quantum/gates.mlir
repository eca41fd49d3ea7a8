// RUN: qgrad-opt %s | qgrad-opt | FileCheck %s

// Every gate of the gate table with its parameter and qubit counts, applied
// in sequence and inverted; quantum.multirz and quantum.unitary take any number
// of qubits.

// CHECK-LABEL: func.func @every_gate(
// CHECK-SAME: %[[T:[^:]*]]: f64
func.func @every_gate(%t: f64, %a: !quantum.bit, %b: !quantum.bit, %c: !quantum.bit,
                      %u: tensor<8x8xcomplex<f64>>) -> (!quantum.bit, !quantum.bit, !quantum.bit) {
  // CHECK: quantum.custom "Identity"() {{.*}} : !quantum.bit
  %g0 = quantum.custom "Identity"() %a : !quantum.bit
  // CHECK: quantum.custom "PauliX"() {{.*}} : !quantum.bit
  %g1 = quantum.custom "PauliX"() %g0 : !quantum.bit
  // CHECK: quantum.custom "PauliY"() {{.*}} : !quantum.bit
  %g2 = quantum.custom "PauliY"() %g1 : !quantum.bit
  // CHECK: quantum.custom "PauliZ"() {{.*}} : !quantum.bit
  %g3 = quantum.custom "PauliZ"() %g2 : !quantum.bit
  // CHECK: quantum.custom "Hadamard"() {{.*}} : !quantum.bit
  %g4 = quantum.custom "Hadamard"() %g3 : !quantum.bit
  // CHECK: quantum.custom "S"() {{.*}} : !quantum.bit
  %g5 = quantum.custom "S"() %g4 : !quantum.bit
  // CHECK: quantum.custom "T"() {{.*}} : !quantum.bit
  %g6 = quantum.custom "T"() %g5 : !quantum.bit
  // CHECK: quantum.custom "PhaseShift"(%[[T]]) {{.*}} : !quantum.bit
  %g7 = quantum.custom "PhaseShift"(%t) %g6 : !quantum.bit
  // CHECK: quantum.custom "RX"(%[[T]]) {{.*}} : !quantum.bit
  %g8 = quantum.custom "RX"(%t) %g7 : !quantum.bit
  // CHECK: quantum.custom "RY"(%[[T]]) {{.*}} : !quantum.bit
  %g9 = quantum.custom "RY"(%t) %g8 : !quantum.bit
  // CHECK: quantum.custom "RZ"(%[[T]]) {{.*}} : !quantum.bit
  %g10 = quantum.custom "RZ"(%t) %g9 : !quantum.bit
  // CHECK: quantum.custom "Rot"(%[[T]], %[[T]], %[[T]]) {{.*}} : !quantum.bit
  %g11 = quantum.custom "Rot"(%t, %t, %t) %g10 : !quantum.bit
  // CHECK: quantum.custom "CNOT"() {{.*}} : !quantum.bit, !quantum.bit
  %g12:2 = quantum.custom "CNOT"() %g11, %b : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CY"() {{.*}} : !quantum.bit, !quantum.bit
  %g13:2 = quantum.custom "CY"() %g12#0, %g12#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CZ"() {{.*}} : !quantum.bit, !quantum.bit
  %g14:2 = quantum.custom "CZ"() %g13#0, %g13#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "SWAP"() {{.*}} : !quantum.bit, !quantum.bit
  %g15:2 = quantum.custom "SWAP"() %g14#0, %g14#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "IsingXX"(%[[T]]) {{.*}} : !quantum.bit, !quantum.bit
  %g16:2 = quantum.custom "IsingXX"(%t) %g15#0, %g15#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "IsingYY"(%[[T]]) {{.*}} : !quantum.bit, !quantum.bit
  %g17:2 = quantum.custom "IsingYY"(%t) %g16#0, %g16#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "IsingXY"(%[[T]]) {{.*}} : !quantum.bit, !quantum.bit
  %g18:2 = quantum.custom "IsingXY"(%t) %g17#0, %g17#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "IsingZZ"(%[[T]]) {{.*}} : !quantum.bit, !quantum.bit
  %g19:2 = quantum.custom "IsingZZ"(%t) %g18#0, %g18#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "ControlledPhaseShift"(%[[T]]) {{.*}} : !quantum.bit, !quantum.bit
  %g20:2 = quantum.custom "ControlledPhaseShift"(%t) %g19#0, %g19#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CRX"(%[[T]]) {{.*}} : !quantum.bit, !quantum.bit
  %g21:2 = quantum.custom "CRX"(%t) %g20#0, %g20#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CRY"(%[[T]]) {{.*}} : !quantum.bit, !quantum.bit
  %g22:2 = quantum.custom "CRY"(%t) %g21#0, %g21#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CRZ"(%[[T]]) {{.*}} : !quantum.bit, !quantum.bit
  %g23:2 = quantum.custom "CRZ"(%t) %g22#0, %g22#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CRot"(%[[T]], %[[T]], %[[T]]) {{.*}} : !quantum.bit, !quantum.bit
  %g24:2 = quantum.custom "CRot"(%t, %t, %t) %g23#0, %g23#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CSWAP"() {{.*}} : !quantum.bit, !quantum.bit, !quantum.bit
  %g25:3 = quantum.custom "CSWAP"() %g24#0, %g24#1, %c : !quantum.bit, !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "Toffoli"() {{.*}} : !quantum.bit, !quantum.bit, !quantum.bit
  %g26:3 = quantum.custom "Toffoli"() %g25#0, %g25#1, %g25#2 : !quantum.bit, !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "Identity"() {{.*}} {adjoint} : !quantum.bit
  %g27 = quantum.custom "Identity"() %g26#0 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "PauliX"() {{.*}} {adjoint} : !quantum.bit
  %g28 = quantum.custom "PauliX"() %g27 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "PauliY"() {{.*}} {adjoint} : !quantum.bit
  %g29 = quantum.custom "PauliY"() %g28 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "PauliZ"() {{.*}} {adjoint} : !quantum.bit
  %g30 = quantum.custom "PauliZ"() %g29 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "Hadamard"() {{.*}} {adjoint} : !quantum.bit
  %g31 = quantum.custom "Hadamard"() %g30 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "S"() {{.*}} {adjoint} : !quantum.bit
  %g32 = quantum.custom "S"() %g31 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "T"() {{.*}} {adjoint} : !quantum.bit
  %g33 = quantum.custom "T"() %g32 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "PhaseShift"(%[[T]]) {{.*}} {adjoint} : !quantum.bit
  %g34 = quantum.custom "PhaseShift"(%t) %g33 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "RX"(%[[T]]) {{.*}} {adjoint} : !quantum.bit
  %g35 = quantum.custom "RX"(%t) %g34 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "RY"(%[[T]]) {{.*}} {adjoint} : !quantum.bit
  %g36 = quantum.custom "RY"(%t) %g35 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "RZ"(%[[T]]) {{.*}} {adjoint} : !quantum.bit
  %g37 = quantum.custom "RZ"(%t) %g36 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "Rot"(%[[T]], %[[T]], %[[T]]) {{.*}} {adjoint} : !quantum.bit
  %g38 = quantum.custom "Rot"(%t, %t, %t) %g37 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "CNOT"() {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g39:2 = quantum.custom "CNOT"() %g38, %g26#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CY"() {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g40:2 = quantum.custom "CY"() %g39#0, %g39#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CZ"() {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g41:2 = quantum.custom "CZ"() %g40#0, %g40#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "SWAP"() {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g42:2 = quantum.custom "SWAP"() %g41#0, %g41#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "IsingXX"(%[[T]]) {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g43:2 = quantum.custom "IsingXX"(%t) %g42#0, %g42#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "IsingYY"(%[[T]]) {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g44:2 = quantum.custom "IsingYY"(%t) %g43#0, %g43#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "IsingXY"(%[[T]]) {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g45:2 = quantum.custom "IsingXY"(%t) %g44#0, %g44#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "IsingZZ"(%[[T]]) {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g46:2 = quantum.custom "IsingZZ"(%t) %g45#0, %g45#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "ControlledPhaseShift"(%[[T]]) {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g47:2 = quantum.custom "ControlledPhaseShift"(%t) %g46#0, %g46#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CRX"(%[[T]]) {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g48:2 = quantum.custom "CRX"(%t) %g47#0, %g47#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CRY"(%[[T]]) {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g49:2 = quantum.custom "CRY"(%t) %g48#0, %g48#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CRZ"(%[[T]]) {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g50:2 = quantum.custom "CRZ"(%t) %g49#0, %g49#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CRot"(%[[T]], %[[T]], %[[T]]) {{.*}} {adjoint} : !quantum.bit, !quantum.bit
  %g51:2 = quantum.custom "CRot"(%t, %t, %t) %g50#0, %g50#1 {adjoint} : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "CSWAP"() {{.*}} {adjoint} : !quantum.bit, !quantum.bit, !quantum.bit
  %g52:3 = quantum.custom "CSWAP"() %g51#0, %g51#1, %g26#2 {adjoint} : !quantum.bit, !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "Toffoli"() {{.*}} {adjoint} : !quantum.bit, !quantum.bit, !quantum.bit
  %g53:3 = quantum.custom "Toffoli"() %g52#0, %g52#1, %g52#2 {adjoint} : !quantum.bit, !quantum.bit, !quantum.bit
  // CHECK: quantum.multirz(%{{.*}}) {{.*}} : !quantum.bit, !quantum.bit, !quantum.bit
  %m:3 = quantum.multirz(%t) %g53#0, %g53#1, %g53#2 : !quantum.bit, !quantum.bit, !quantum.bit
  // CHECK: quantum.unitary(%{{.*}} : tensor<8x8xcomplex<f64>>) {{.*}} : !quantum.bit, !quantum.bit, !quantum.bit
  %v:3 = quantum.unitary(%u : tensor<8x8xcomplex<f64>>) %m#0, %m#1, %m#2 : !quantum.bit, !quantum.bit, !quantum.bit
  return %v#0, %v#1, %v#2 : !quantum.bit, !quantum.bit, !quantum.bit
}
