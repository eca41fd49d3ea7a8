// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.9 2.1 | FileCheck %s
// CRY by the four-term rule, with the control's angle a second argument:
// RY(y) on 0, CRY(x) on (0, 1), <X1>. RY(x)|0> has <X> = sin x, and the
// control is |1> with probability sin^2(y/2): <X1> = sin^2(y/2) sin x,
//   d/dx = sin^2(y/2) cos x,  d/dy = sin(y)/2 sin x.
// CHECK:      {{^}}0.467713669666
// CHECK-NEXT: {{^}}0.338087562769
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64, %y: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%y) %a0 : !quantum.bit
  %ab:2 = quantum.custom "CRY"(%x) %a1, %b0 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %ab#1[PauliX] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %ab#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64, %y: f64) -> (f64, f64, i1) {
  %g:2 = gradient.grad "auto" @circuit(%x, %y) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64) -> (f64, f64)
  %f = func.constant @circuit : (f64, f64) -> f64
  %fd_x, %fd_y = call @central_fd_2(%f, %x, %y) : ((f64, f64) -> f64, f64, f64) -> (f64, f64)
  %half = arith.constant 0.5 : f64
  %hy = arith.mulf %half, %y : f64
  %shy = math.sin %hy : f64
  %p1 = arith.mulf %shy, %shy : f64
  %cx = math.cos %x : f64
  %sx = math.sin %x : f64
  %sy = math.sin %y : f64
  %ax = arith.mulf %p1, %cx : f64
  %hsy = arith.mulf %half, %sy : f64
  %ay = arith.mulf %hsy, %sx : f64
  %ok0 = call @check(%g#0, %ax, %fd_x) : (f64, f64, f64) -> i1
  %ok1 = call @check(%g#1, %ay, %fd_y) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok0, %ok1 : i1
  return %g#0, %g#1, %ok : f64, f64, i1
}
