// A qnode as Catalyst prints it (device with shots 0 = analytic, internal
// linkage, parameter-shift attribute), called from a classical entry.
// RX(a) then CNOT leaves cos(a/2)|00> - i sin(a/2)|11>: wire 1 is |0> or |1>
// with probabilities cos^2(a/2), sin^2(a/2). RY(b)^dagger = RY(-b) turns
// <Z1> into +-cos b, and MultiRZ is diagonal, so <Z1> = cos a cos b.
// The entry returns 2 <Z1> + a.
// RUN: qgrad run %s 0.4 1.3 | FileCheck %s
// CHECK: {{^}}{{0\.892765473975[0-9]*}}{{$}}
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

func.func @main(%a: f64, %b: f64) -> f64 {
  %two = arith.constant 2.0 : f64
  %e = call @circuit(%a, %b) : (f64, f64) -> f64
  %d = arith.mulf %two, %e : f64
  %r = arith.addf %d, %a : f64
  return %r : f64
}
