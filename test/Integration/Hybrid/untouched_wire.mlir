// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.7 | FileCheck %s
// The gates act on wire 0 and the observable on wire 1, which no gate
// touches: <Z1> = 1 for every x, so the derivative is exactly zero. Parameter
// shift gets it as [1 - 1] / 2 and must give 0 without rounding noise (either
// sign); untouched_wire_adjoint.mlir asks the same of the adjoint method.
// CHECK: {{^-?0\.0000000000000000$}}
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %q3 = quantum.custom "RY"(%x) %q2 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q3 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

// Exactly zero: the check's relative bounds become absolute ones around 0,
// and the flag also demands g == 0.
func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  %f = func.constant @circuit : (f64) -> f64
  %ok = call @exactly_zero(%g, %f, %x) : (f64, (f64) -> f64, f64) -> i1
  return %g, %ok : f64, i1
}

func.func private @exactly_zero(%g: f64, %f: (f64) -> f64, %x: f64) -> i1 {
  %zero = arith.constant 0.0 : f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %near = call @check(%g, %zero, %fd) : (f64, f64, f64) -> i1
  %exact = arith.cmpf oeq, %g, %zero : f64
  %ok = arith.andi %near, %exact : i1
  return %ok : i1
}
