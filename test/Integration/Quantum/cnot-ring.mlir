// RY(a), RY(b), RY(c) on three wires, then the CNOT ring (0,1), (1,2),
// (2,0). The ring permutes basis states (b1 ^= b0, b2 ^= b1, b0 ^= b2), so
// the output probabilities are a permuted product distribution. Inverting
// the ring, outcome (o0, o1, o2) comes from b0 = o0 ^ o2, b1 = o1 ^ b0,
// b2 = o0 ^ b1, so with C(t) = cos^2(t/2), S(t) = sin^2(t/2) and outcome
// index 4 o0 + 2 o1 + o2:
// RUN: qgrad run %s 0.3 1.2 2.5 | FileCheck %s
// CHECK: {{^\[}}{{0\.066215890631[0-9]*}}, {{0\.006411922984[0-9]*}}, {{0\.280709391897[0-9]*}}, {{0\.001512493715[0-9]*}}, {{(0\.000707912356|0\.000707912357)[0-9]*}}, {{0\.599751066511[0-9]*}}, {{0\.013699426380[0-9]*}}, {{0\.030991895522[0-9]*}}]{{$}}
func.func @main(%a: f64, %b: f64, %c: f64) -> tensor<8xf64> attributes {qnode} {
  %r = quantum.alloc( 3) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %y0 = quantum.custom "RY"(%a) %q0 : !quantum.bit
  %y1 = quantum.custom "RY"(%b) %q1 : !quantum.bit
  %y2 = quantum.custom "RY"(%c) %q2 : !quantum.bit
  %s:2 = quantum.custom "CNOT"() %y0, %y1 : !quantum.bit, !quantum.bit
  %t:2 = quantum.custom "CNOT"() %s#1, %y2 : !quantum.bit, !quantum.bit
  %u:2 = quantum.custom "CNOT"() %t#1, %s#0 : !quantum.bit, !quantum.bit
  %basis = quantum.compbasis qubits %u#1, %t#0, %u#0 : !quantum.obs
  %p = quantum.probs %basis : tensor<8xf64>
  %r1 = quantum.insert %r[ 0], %u#1 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %t#0 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %u#0 : !quantum.reg, !quantum.bit
  quantum.dealloc %r3 : !quantum.reg
  return %p : tensor<8xf64>
}
