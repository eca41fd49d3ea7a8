// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.5 0.8 | FileCheck %s
// quantum.multirz on three wires, two-term rule: H on 0, RY(y) on 1, RY(0.3)
// on 2, MultiRZ(x) = exp(-i x Z0 Z1 Z2 / 2), <Y0>. Y0 anticommutes with
// Z0 Z1 Z2, so Y0 -> cos x Y0 + sin x X0 Z1 Z2, and on the product state
// <Y0> = 0, <X0 Z1 Z2> = cos y cos 0.3:
//   <Y0> = sin x cos y cos 0.3,
//   grad = (cos x cos y cos 0.3, -sin x sin y cos 0.3).
// CHECK:      {{^}}0.584109599619
// CHECK-NEXT: {{^}}-0.328558207835
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64, %y: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %prep = arith.constant 0.3 : f64
  %r = quantum.alloc( 3) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %c0 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "Hadamard"() %a0 : !quantum.bit
  %b1 = quantum.custom "RY"(%y) %b0 : !quantum.bit
  %c1 = quantum.custom "RY"(%prep) %c0 : !quantum.bit
  %abc:3 = quantum.multirz(%x) %a1, %b1, %c1 : !quantum.bit, !quantum.bit, !quantum.bit
  %o = quantum.namedobs %abc#0[PauliY] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %abc#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %abc#1 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %abc#2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r3 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64, %y: f64) -> (f64, f64, i1) {
  %g:2 = gradient.grad "auto" @circuit(%x, %y) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64) -> (f64, f64)
  %f = func.constant @circuit : (f64, f64) -> f64
  %fd_x, %fd_y = call @central_fd_2(%f, %x, %y) : ((f64, f64) -> f64, f64, f64) -> (f64, f64)
  %prep = arith.constant 0.3 : f64
  %k = math.cos %prep : f64
  %sx = math.sin %x : f64
  %cx = math.cos %x : f64
  %sy = math.sin %y : f64
  %cy = math.cos %y : f64
  %u0 = arith.mulf %cx, %cy : f64
  %ax = arith.mulf %u0, %k : f64
  %w0 = arith.mulf %sx, %sy : f64
  %w1 = arith.mulf %w0, %k : f64
  %ay = arith.negf %w1 : f64
  %ok0 = call @check(%g#0, %ax, %fd_x) : (f64, f64, f64) -> i1
  %ok1 = call @check(%g#1, %ay, %fd_y) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok0, %ok1 : i1
  return %g#0, %g#1, %ok : f64, f64, i1
}
