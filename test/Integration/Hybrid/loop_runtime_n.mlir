// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.3 4 | FileCheck %s
// RUN: qgrad run %t.mlir 0.3 1 | FileCheck %s --check-prefix=NONE
// for i < n: RX(1.5 * x * i), with n given at run time (so the number of gate
// parameters is only known when the argmap runs), parameter shift.
// RX angles add up: <Z0> = cos(k x) with k = 1.5 n (n - 1) / 2, and
//   d/dx = -k sin(k x); n = 4: k = 9, -9 sin(2.7).
// With n = 1 the only gate is RX(0): <Z0> = 1 and the derivative is 0.
// CHECK: {{^}}-3.846418922104
// CHECK-NEXT: {{^}}true
// NONE: {{^-?0\.0000000000000000$}}
// NONE-NEXT: {{^}}true

func.func @circuit(%x: f64, %n: i64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %count = arith.index_cast %n : i64 to index
  %scale = arith.constant 1.5 : f64
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %qn = scf.for %i = %c0 to %count step %c1 iter_args(%q = %q0) -> (!quantum.bit) {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %sx = arith.mulf %scale, %x : f64
    %angle = arith.mulf %sx, %fi : f64
    %q1 = quantum.custom "RX"(%angle) %q : !quantum.bit
    scf.yield %q1 : !quantum.bit
  }
  %o = quantum.namedobs %qn[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %qn : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64, %n: i64) -> (f64, i1) {
  %g = gradient.grad "auto" @circuit(%x, %n) : (f64, i64) -> f64
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %fp = call @circuit(%xp, %n) : (f64, i64) -> f64
  %fm = call @circuit(%xm, %n) : (f64, i64) -> f64
  %diff = arith.subf %fp, %fm : f64
  %fd = arith.divf %diff, %two_h : f64
  // k = 1.5 n (n - 1) / 2; d/dx cos(k x) = -k sin(k x)
  %nf = arith.sitofp %n : i64 to f64
  %one = arith.constant 1.0 : f64
  %three_quarters = arith.constant 0.75 : f64
  %nm1 = arith.subf %nf, %one : f64
  %nn = arith.mulf %nf, %nm1 : f64
  %k = arith.mulf %three_quarters, %nn : f64
  %kx = arith.mulf %k, %x : f64
  %s = math.sin %kx : f64
  %ks = arith.mulf %k, %s : f64
  %a = arith.negf %ks : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
