// Tensor products on RY(a)|0> (x) RX(b)|0> (x) RX(c)|0>:
// <X0 Z1> = sin a cos b; <X0 Z1 Y2> = sin a cos b (-sin c).
// RUN: qgrad run %s 0.4 1.9 -0.6 | FileCheck %s
// CHECK: {{^}}{{-0\.125894887213[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{-0\.071085600504[0-9]*}}{{$}}
func.func @main(%a: f64, %b: f64, %c: f64) -> (f64, f64) attributes {qnode} {
  %r = quantum.alloc( 3) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %y = quantum.custom "RY"(%a) %q0 : !quantum.bit
  %x = quantum.custom "RX"(%b) %q1 : !quantum.bit
  %w = quantum.custom "RX"(%c) %q2 : !quantum.bit
  %o0 = quantum.namedobs %y[PauliX] : !quantum.obs
  %o1 = quantum.namedobs %x[PauliZ] : !quantum.obs
  %o2 = quantum.namedobs %w[PauliY] : !quantum.obs
  %t2 = quantum.tensor %o0, %o1 : !quantum.obs
  %t3 = quantum.tensor %o0, %o1, %o2 : !quantum.obs
  %e2 = quantum.expval %t2 : f64
  %e3 = quantum.expval %t3 : f64
  %r1 = quantum.insert %r[ 0], %y : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %x : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %w : !quantum.reg, !quantum.bit
  quantum.dealloc %r3 : !quantum.reg
  return %e2, %e3 : f64, f64
}
