// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.8 7 | FileCheck %s
// A classical gradient, no qnode: an scf.for with a trip count given at run
// time and math functions,
//   f(x) = sum_{k=1}^{n} sin(k x) / k + tanh(x) sqrt(x),
//   f'(x) = sum_{k=1}^{n} cos(k x) + (1 - tanh^2 x) sqrt x + tanh x / (2 sqrt x)
// where the sum has the closed form sin(n x / 2) cos((n + 1) x / 2) / sin(x / 2).
// CHECK: {{^}}0.012481919554
// CHECK-NEXT: {{^}}true

func.func @f(%x: f64, %n: i64) -> f64 {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %count = arith.index_cast %n : i64 to index
  %end = arith.addi %count, %c1 : index
  %sum = scf.for %k = %c1 to %end step %c1 iter_args(%acc = %zero) -> (f64) {
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %kx = arith.mulf %kf, %x : f64
    %s = math.sin %kx : f64
    %term = arith.divf %s, %kf : f64
    %acc1 = arith.addf %acc, %term : f64
    scf.yield %acc1 : f64
  }
  %t = math.tanh %x : f64
  %r = math.sqrt %x : f64
  %tr = arith.mulf %t, %r : f64
  %y = arith.addf %sum, %tr : f64
  return %y : f64
}

func.func @main(%x: f64, %n: i64) -> (f64, i1) {
  %g = gradient.grad "auto" @f(%x, %n) : (f64, i64) -> f64
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %fp = call @f(%xp, %n) : (f64, i64) -> f64
  %fm = call @f(%xm, %n) : (f64, i64) -> f64
  %diff = arith.subf %fp, %fm : f64
  %fd = arith.divf %diff, %two_h : f64
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %nf = arith.sitofp %n : i64 to f64
  %hx = arith.mulf %half, %x : f64
  %a0 = arith.mulf %nf, %hx : f64
  %n1 = arith.addf %nf, %one : f64
  %a1 = arith.mulf %n1, %hx : f64
  %sa0 = math.sin %a0 : f64
  %ca1 = math.cos %a1 : f64
  %shx = math.sin %hx : f64
  %num = arith.mulf %sa0, %ca1 : f64
  %dirichlet = arith.divf %num, %shx : f64
  %t = math.tanh %x : f64
  %r = math.sqrt %x : f64
  %tt = arith.mulf %t, %t : f64
  %sech2 = arith.subf %one, %tt : f64
  %d0 = arith.mulf %sech2, %r : f64
  %two_r = arith.addf %r, %r : f64
  %d1 = arith.divf %t, %two_r : f64
  %d01 = arith.addf %d0, %d1 : f64
  %a = arith.addf %dirichlet, %d01 : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
