// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 2.0 | FileCheck %s
// A classical gradient through scf.while, whose trip count depends on the
// data: Newton's iteration y <- (y + x / y) / 2 from y = x until y^2 is
// within 1e-15 x of x (at most 60 steps). It converges to sqrt(x), and its
// derivative converges with it to 1 / (2 sqrt x).
// CHECK: {{^}}0.353553390593
// CHECK-NEXT: {{^}}true

func.func @newton_sqrt(%x: f64) -> f64 {
  %half = arith.constant 0.5 : f64
  %tol = arith.constant 1.0e-15 : f64
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %limit = arith.constant 60 : i64
  %bound = arith.mulf %tol, %x : f64
  %res:2 = scf.while (%y = %x, %i = %zero) : (f64, i64) -> (f64, i64) {
    %yy = arith.mulf %y, %y : f64
    %err = arith.subf %yy, %x : f64
    %abs = math.absf %err : f64
    %far = arith.cmpf ogt, %abs, %bound : f64
    %more = arith.cmpi slt, %i, %limit : i64
    %go = arith.andi %far, %more : i1
    scf.condition(%go) %y, %i : f64, i64
  } do {
  ^bb0(%y: f64, %i: i64):
    %q = arith.divf %x, %y : f64
    %s = arith.addf %y, %q : f64
    %y1 = arith.mulf %half, %s : f64
    %i1 = arith.addi %i, %one : i64
    scf.yield %y1, %i1 : f64, i64
  }
  return %res#0 : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @newton_sqrt(%x) : (f64) -> f64
  %f = func.constant @newton_sqrt : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %two = arith.constant 2.0 : f64
  %r = math.sqrt %x : f64
  %tr = arith.mulf %two, %r : f64
  %one = arith.constant 1.0 : f64
  %a = arith.divf %one, %tr : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
