// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.7 | FileCheck %s --check-prefix=POS
// RUN: qgrad run %t.mlir -0.4 | FileCheck %s --check-prefix=NEG
// scf.if inside a qnode, parameter shift: for x > 0 the circuit is RX(x),
// else RY(2x); either way <Z0> is the cosine of the angle, so
//   d/dx = -sin x (x > 0),  -2 sin 2x (x <= 0).
// The argmap keeps the branch and writes the one parameter it produces.
// POS: {{^}}-0.644217687237
// POS-NEXT: {{^}}true
// NEG: {{^}}1.43471218179
// NEG-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %zero = arith.constant 0.0 : f64
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %pos = arith.cmpf ogt, %x, %zero : f64
  %q1 = scf.if %pos -> (!quantum.bit) {
    %qa = quantum.custom "RX"(%x) %q0 : !quantum.bit
    scf.yield %qa : !quantum.bit
  } else {
    %two = arith.constant 2.0 : f64
    %x2 = arith.mulf %two, %x : f64
    %qb = quantum.custom "RY"(%x2) %q0 : !quantum.bit
    scf.yield %qb : !quantum.bit
  }
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  %f = func.constant @circuit : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %pos = arith.cmpf ogt, %x, %zero : f64
  %sx = math.sin %x : f64
  %d_pos = arith.negf %sx : f64
  %x2 = arith.mulf %two, %x : f64
  %s2 = math.sin %x2 : f64
  %t = arith.mulf %two, %s2 : f64
  %d_neg = arith.negf %t : f64
  %a = arith.select %pos, %d_pos, %d_neg : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
