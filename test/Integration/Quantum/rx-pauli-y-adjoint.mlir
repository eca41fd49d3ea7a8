// <Y> after RX(x) is -sin x; after the adjoint RX(x)^dagger = RX(-x) it is
// sin x. The second circuit runs on wire 1 of a 2-qubit register.
// RUN: qgrad run %s 1.1 | FileCheck %s
// CHECK: {{^}}{{-0\.891207360061[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{0\.891207360061[0-9]*}}{{$}}
func.func @main(%x: f64) -> (f64, f64) attributes {qnode} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %b = quantum.custom "RX"(%x) %q1 {adjoint} : !quantum.bit
  %ya = quantum.namedobs %a[PauliY] : !quantum.obs
  %yb = quantum.namedobs %b[PauliY] : !quantum.obs
  %ea = quantum.expval %ya : f64
  %eb = quantum.expval %yb : f64
  %r1 = quantum.insert %r[ 0], %a : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %b : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %ea, %eb : f64, f64
}
