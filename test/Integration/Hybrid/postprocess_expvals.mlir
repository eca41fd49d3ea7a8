// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.9 0.4 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 0.9 0.4 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// Post-processing of several expectation values from one qnode (adjoint, one
// sweep for three observables): RY(x) on wire 0, RX(y) on wire 1, and
// e0 = <Z0> = cos x, e1 = <X0> = sin x, e2 = <Z1> = cos y. The loss
//   L = e0^2 + e1 e2 + exp(e2)
// has dL/dx = -sin 2x + cos x cos y, dL/dy = -sin x sin y - sin y exp(cos y).
// CHECK:      {{^}}-0.401306935620
// CHECK-NEXT: {{^}}-1.28324288567
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64, %y: f64) -> (f64, f64, f64) attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%x) %a0 : !quantum.bit
  %b1 = quantum.custom "RX"(%y) %b0 : !quantum.bit
  %oz0 = quantum.namedobs %a1[PauliZ] : !quantum.obs
  %e0 = quantum.expval %oz0 : f64
  %ox0 = quantum.namedobs %a1[PauliX] : !quantum.obs
  %e1 = quantum.expval %ox0 : f64
  %oz1 = quantum.namedobs %b1[PauliZ] : !quantum.obs
  %e2 = quantum.expval %oz1 : f64
  %r1 = quantum.insert %r[ 0], %a1 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %b1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e0, %e1, %e2 : f64, f64, f64
}

func.func @loss(%x: f64, %y: f64) -> f64 {
  %e:3 = call @circuit(%x, %y) : (f64, f64) -> (f64, f64, f64)
  %sq = arith.mulf %e#0, %e#0 : f64
  %prod = arith.mulf %e#1, %e#2 : f64
  %ex = math.exp %e#2 : f64
  %s = arith.addf %sq, %prod : f64
  %l = arith.addf %s, %ex : f64
  return %l : f64
}

func.func @main(%x: f64, %y: f64) -> (f64, f64, i1) {
  %g:2 = gradient.grad "auto" @loss(%x, %y) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64) -> (f64, f64)
  %f = func.constant @loss : (f64, f64) -> f64
  %fd_x, %fd_y = call @central_fd_2(%f, %x, %y) : ((f64, f64) -> f64, f64, f64) -> (f64, f64)
  %two = arith.constant 2.0 : f64
  %x2 = arith.mulf %two, %x : f64
  %s2 = math.sin %x2 : f64
  %sx = math.sin %x : f64
  %cx = math.cos %x : f64
  %sy = math.sin %y : f64
  %cy = math.cos %y : f64
  %ecy = math.exp %cy : f64
  %t0 = arith.mulf %cx, %cy : f64
  %ax = arith.subf %t0, %s2 : f64
  %u0 = arith.mulf %sx, %sy : f64
  %u1 = arith.mulf %sy, %ecy : f64
  %u2 = arith.addf %u0, %u1 : f64
  %ay = arith.negf %u2 : f64
  %ok0 = call @check(%g#0, %ax, %fd_x) : (f64, f64, f64) -> i1
  %ok1 = call @check(%g#1, %ay, %fd_y) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok0, %ok1 : i1
  return %g#0, %g#1, %ok : f64, f64, i1
}
