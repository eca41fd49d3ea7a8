// RY(a) on wire 0, RY(b) on wire 1, CNOT(0, 1), then wire 0 is measured
// with postselection on 1: the outcome is true and wire 1 is left in
// X RY(b)|0>, so <Z1> = -cos b. Postselecting 0 leaves RY(b)|0>: cos b.
// RUN: qgrad run %s 0.7 1.3 | FileCheck %s
// CHECK: {{^}}true{{$}}
// CHECK-NEXT: {{^}}{{-0\.267498828624[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}false{{$}}
// CHECK-NEXT: {{^}}{{0\.267498828624[0-9]*}}{{$}}
func.func @circuit(%a: f64, %b: f64, %post: i1) -> (i1, f64) attributes {qnode} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %y0 = quantum.custom "RY"(%a) %q0 : !quantum.bit
  %y1 = quantum.custom "RY"(%b) %q1 : !quantum.bit
  %c:2 = quantum.custom "CNOT"() %y0, %y1 : !quantum.bit, !quantum.bit
  %m, %w0 = scf.if %post -> (i1, !quantum.bit) {
    %m1, %o1 = quantum.measure %c#0 {postselect = 1 : i64} : i1, !quantum.bit
    scf.yield %m1, %o1 : i1, !quantum.bit
  } else {
    %m0, %o0 = quantum.measure %c#0 {postselect = 0 : i64} : i1, !quantum.bit
    scf.yield %m0, %o0 : i1, !quantum.bit
  }
  %z = quantum.namedobs %c#1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  %r1 = quantum.insert %r[ 0], %w0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %c#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %m, %e : i1, f64
}

func.func @main(%a: f64, %b: f64) -> (i1, f64, i1, f64) {
  %t = arith.constant true
  %f = arith.constant false
  %m1, %e1 = call @circuit(%a, %b, %t) : (f64, f64, i1) -> (i1, f64)
  %m0, %e0 = call @circuit(%a, %b, %f) : (f64, f64, i1) -> (i1, f64)
  return %m1, %e1, %m0, %e0 : i1, f64, i1, f64
}
