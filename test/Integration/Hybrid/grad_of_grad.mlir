// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.7 | FileCheck %s
// Second and third derivatives of classical code by "auto" over "auto": the
// AD engine nests (reverse over reverse, docs/ad-engine.md). f = sin(x) x^2:
//   f'   = cos(x) x^2 + 2 x sin(x)
//   f''  = -sin(x) x^2 + 4 x cos(x) + 2 sin(x)
//   f''' = -cos(x) x^2 - 6 x sin(x) + 6 cos(x)
// each checked against the closed form to 1e-10 and against central
// differences of the derivative below it to 1e-6.
// CHECK:      {{^}}1.27667743390
// CHECK-NEXT: {{^}}3.11432683212
// CHECK-NEXT: {{^}}1.50856616553
// CHECK-NEXT: {{^}}true

func.func @f(%x: f64) -> f64 {
  %s = math.sin %x : f64
  %c = arith.mulf %x, %x : f64
  %p = arith.mulf %s, %c : f64
  return %p : f64
}

func.func @d1(%x: f64) -> f64 {
  %g = gradient.grad "auto" @f(%x) : (f64) -> f64
  return %g : f64
}

func.func @d2(%x: f64) -> f64 {
  %g = gradient.grad "auto" @d1(%x) : (f64) -> f64
  return %g : f64
}

func.func @main(%x: f64) -> (f64, f64, f64, i1) {
  %g1 = call @d1(%x) : (f64) -> f64
  %g2 = call @d2(%x) : (f64) -> f64
  %g3 = gradient.grad "auto" @d2(%x) : (f64) -> f64
  %s = math.sin %x : f64
  %c = math.cos %x : f64
  %xx = arith.mulf %x, %x : f64
  %two = arith.constant 2.0 : f64
  %four = arith.constant 4.0 : f64
  %six = arith.constant 6.0 : f64
  // f' = c xx + 2 x s
  %a1a = arith.mulf %c, %xx : f64
  %tx = arith.mulf %two, %x : f64
  %a1b = arith.mulf %tx, %s : f64
  %a1 = arith.addf %a1a, %a1b : f64
  // f'' = -s xx + 4 x c + 2 s
  %a2a = arith.mulf %s, %xx : f64
  %fx = arith.mulf %four, %x : f64
  %a2b = arith.mulf %fx, %c : f64
  %a2c = arith.mulf %two, %s : f64
  %a2d = arith.subf %a2b, %a2a : f64
  %a2 = arith.addf %a2d, %a2c : f64
  // f''' = -c xx - 6 x s + 6 c
  %a3a = arith.mulf %c, %xx : f64
  %sx = arith.mulf %six, %x : f64
  %a3b = arith.mulf %sx, %s : f64
  %a3c = arith.mulf %six, %c : f64
  %a3d = arith.addf %a3a, %a3b : f64
  %a3 = arith.subf %a3c, %a3d : f64
  %fd1 = func.constant @f : (f64) -> f64
  %fd2 = func.constant @d1 : (f64) -> f64
  %fd3 = func.constant @d2 : (f64) -> f64
  %n1 = call @central_fd(%fd1, %x) : ((f64) -> f64, f64) -> f64
  %n2 = call @central_fd(%fd2, %x) : ((f64) -> f64, f64) -> f64
  %n3 = call @central_fd(%fd3, %x) : ((f64) -> f64, f64) -> f64
  %ok1 = call @check(%g1, %a1, %n1) : (f64, f64, f64) -> i1
  %ok2 = call @check(%g2, %a2, %n2) : (f64, f64, f64) -> i1
  %ok3 = call @check(%g3, %a3, %n3) : (f64, f64, f64) -> i1
  %ok12 = arith.andi %ok1, %ok2 : i1
  %ok = arith.andi %ok12, %ok3 : i1
  return %g1, %g2, %g3, %ok : f64, f64, f64, i1
}
