// Variances: Var(Z) after RX(x) = 1 - cos^2 x = sin^2 x; Var(X) after RY(t)
// = 1 - sin^2 t = cos^2 t; Var(Hadamard observable) on |0> = 1 - 1/2 = 1/2.
// RUN: qgrad run %s 0.8 2.6 | FileCheck %s
// CHECK: {{^}}{{0\.514599761150[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{0\.734258335650[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{(0\.499999999999|0\.500000000000)[0-9]*}}{{$}}
func.func @main(%x: f64, %t: f64) -> (f64, f64, f64) attributes {qnode} {
  %r = quantum.alloc( 3) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %a = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %b = quantum.custom "RY"(%t) %q1 : !quantum.bit
  %z = quantum.namedobs %a[PauliZ] : !quantum.obs
  %xo = quantum.namedobs %b[PauliX] : !quantum.obs
  %h = quantum.namedobs %q2[Hadamard] : !quantum.obs
  %v0 = quantum.var %z : f64
  %v1 = quantum.var %xo : f64
  %v2 = quantum.var %h : f64
  %r1 = quantum.insert %r[ 0], %a : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %b : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r3 : !quantum.reg
  return %v0, %v1, %v2 : f64, f64, f64
}
