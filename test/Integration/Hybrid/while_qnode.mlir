// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.25 3 | FileCheck %s
// scf.while inside a qnode, carrying the qubit: while i < n apply
// RX((i + 1) x), parameter shift; n comes from the command line. The angles
// add up to k x with k = n (n + 1) / 2, so <Z0> = cos(k x) and
//   d/dx = -k sin(k x);  n = 3: -6 sin(1.5).
// CHECK: {{^}}-5.98496991962
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64, %n: i64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %res:2 = scf.while (%q = %q0, %i = %zero) : (!quantum.bit, i64) -> (!quantum.bit, i64) {
    %more = arith.cmpi slt, %i, %n : i64
    scf.condition(%more) %q, %i : !quantum.bit, i64
  } do {
  ^bb0(%q: !quantum.bit, %i: i64):
    %i1 = arith.addi %i, %one : i64
    %fi = arith.sitofp %i1 : i64 to f64
    %angle = arith.mulf %fi, %x : f64
    %q1 = quantum.custom "RX"(%angle) %q : !quantum.bit
    scf.yield %q1, %i1 : !quantum.bit, i64
  }
  %o = quantum.namedobs %res#0[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %res#0 : !quantum.reg, !quantum.bit
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
  // k = n (n + 1) / 2
  %nf = arith.sitofp %n : i64 to f64
  %onef = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %n1 = arith.addf %nf, %onef : f64
  %nn = arith.mulf %nf, %n1 : f64
  %k = arith.mulf %half, %nn : f64
  %kx = arith.mulf %k, %x : f64
  %s = math.sin %kx : f64
  %ks = arith.mulf %k, %s : f64
  %a = arith.negf %ks : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
