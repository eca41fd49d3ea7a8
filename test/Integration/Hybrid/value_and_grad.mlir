// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.35 | FileCheck %s
// value_and_grad of RY(x) RX(x), <Z0> = cos^2 x (parameter shift): the value
// and the derivative -sin 2x in one op. Two gates share the argument, so the
// argmap's two parameters both carry d/dx.
// CHECK:      {{^}}0.882421093642
// CHECK-NEXT: {{^}}-0.644217687237
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %q2 = quantum.custom "RX"(%x) %q1 : !quantum.bit
  %o = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> (f64, f64, i1) {
  %v, %g = gradient.value_and_grad "auto" @circuit(%x) : (f64) -> (f64, f64)
  %f = func.constant @circuit : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %two = arith.constant 2.0 : f64
  %cx = math.cos %x : f64
  %value = arith.mulf %cx, %cx : f64
  %x2 = arith.mulf %two, %x : f64
  %s2 = math.sin %x2 : f64
  %a = arith.negf %s2 : f64
  %ok_g = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  // The value against its closed form, to the same tight bound.
  %ok_v = call @check(%v, %value, %value) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok_g, %ok_v : i1
  return %v, %g, %ok : f64, f64, i1
}
