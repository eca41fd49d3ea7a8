// scf.if on a classical condition (x > 0) flips the qubit before RY(y):
// <Z> = -cos y when x > 0, cos y otherwise. The branches carry the qubit.
// RUN: qgrad run %s 0.5 0.9 | FileCheck %s --check-prefix=FLIP
// RUN: qgrad run %s -- -0.5 0.9 | FileCheck %s --check-prefix=KEEP
// FLIP: {{^}}{{-0\.621609968270[0-9]*}}{{$}}
// KEEP: {{^}}{{0\.621609968270[0-9]*}}{{$}}
func.func @main(%x: f64, %y: f64) -> f64 attributes {qnode} {
  %zero = arith.constant 0.0 : f64
  %flip = arith.cmpf ogt, %x, %zero : f64
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = scf.if %flip -> (!quantum.bit) {
    %f = quantum.custom "PauliX"() %q0 : !quantum.bit
    scf.yield %f : !quantum.bit
  } else {
    scf.yield %q0 : !quantum.bit
  }
  %q2 = quantum.custom "RY"(%y) %q1 : !quantum.bit
  %z = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}
