// H = c0 Z0 + c1 X1 + c2 (Z0 (x) X1) on RX(a)|0> (x) RY(b)|0>, coefficients
// passed in as a tensor argument: <H> = c0 cos a + c1 sin b + c2 cos a sin b.
// RUN: qgrad run %s 0.7 -1.3 '[0.5, -0.25, 2.0]' | FileCheck %s
// CHECK: {{^}}{{-0\.850629260224[0-9]*}}{{$}}
func.func @main(%a: f64, %b: f64, %coeffs: tensor<3xf64>) -> f64 attributes {qnode} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %x = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %y = quantum.custom "RY"(%b) %q1 : !quantum.bit
  %z0 = quantum.namedobs %x[PauliZ] : !quantum.obs
  %x1 = quantum.namedobs %y[PauliX] : !quantum.obs
  %zx = quantum.tensor %z0, %x1 : !quantum.obs
  %h = quantum.hamiltonian(%coeffs : tensor<3xf64>) %z0, %x1, %zx : !quantum.obs
  %e = quantum.expval %h : f64
  %r1 = quantum.insert %r[ 0], %x : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %y : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}
