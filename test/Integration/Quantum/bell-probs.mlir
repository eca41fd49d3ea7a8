// Bell state H(0), CNOT(0,1): probabilities [1/2, 0, 0, 1/2]. The qnode
// returns a tensor that one-shot bufferization turns into a buffer across
// the call; with RY(t) instead of H: [cos^2(t/2), 0, 0, sin^2(t/2)].
// RUN: qgrad run %s --entry bell | FileCheck %s --check-prefix=BELL
// RUN: qgrad run %s --entry main 0.9 | FileCheck %s --check-prefix=RY
// BELL: {{^\[}}{{(0\.499999999999|0\.500000000000)[0-9]*}}, {{-?(0\.0+|[0-9]\.[0-9]+e-(1[3-9]|[2-9][0-9]|[1-9][0-9][0-9]))}}, {{-?(0\.0+|[0-9]\.[0-9]+e-(1[3-9]|[2-9][0-9]|[1-9][0-9][0-9]))}}, {{(0\.499999999999|0\.500000000000)[0-9]*}}]{{$}}
// RY: {{^\[}}{{0\.810804984135[0-9]*}}, {{-?(0\.0+|[0-9]\.[0-9]+e-(1[3-9]|[2-9][0-9]|[1-9][0-9][0-9]))}}, {{-?(0\.0+|[0-9]\.[0-9]+e-(1[3-9]|[2-9][0-9]|[1-9][0-9][0-9]))}}, {{0\.189195015864[0-9]*}}]{{$}}
func.func @entangle(%q0: !quantum.bit, %q1: !quantum.bit) -> (!quantum.bit, !quantum.bit) {
  %a:2 = quantum.custom "CNOT"() %q0, %q1 : !quantum.bit, !quantum.bit
  return %a#0, %a#1 : !quantum.bit, !quantum.bit
}

func.func @bell() -> tensor<4xf64> attributes {qnode} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %h = quantum.custom "Hadamard"() %q0 : !quantum.bit
  %e:2 = call @entangle(%h, %q1) : (!quantum.bit, !quantum.bit) -> (!quantum.bit, !quantum.bit)
  %c = quantum.compbasis qubits %e#0, %e#1 : !quantum.obs
  %p = quantum.probs %c : tensor<4xf64>
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %e#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %p : tensor<4xf64>
}

func.func @ry_bell(%t: f64) -> tensor<4xf64> attributes {qnode} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %h = quantum.custom "RY"(%t) %q0 : !quantum.bit
  %e:2 = quantum.custom "CNOT"() %h, %q1 : !quantum.bit, !quantum.bit
  %c = quantum.compbasis qubits %e#0, %e#1 : !quantum.obs
  %p = quantum.probs %c : tensor<4xf64>
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %e#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %p : tensor<4xf64>
}

func.func @main(%t: f64) -> tensor<4xf64> {
  %p = call @ry_bell(%t) : (f64) -> tensor<4xf64>
  return %p : tensor<4xf64>
}
