// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 1.1 0.5 -2.0 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 1.1 0.5 -2.0 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// vjp of a qnode with two expectation values, RX(x) then <Z0> = cos x and
// <Y0> = -sin x (adjoint method, one sweep for both). With cotangents
// (c0, c1) the product is c0 (-sin x) + c1 (-cos x).
// CHECK:      {{^}}0.453596121425
// CHECK-NEXT: {{^}}-0.891207360061
// CHECK-NEXT: {{^}}0.461588562820
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> (f64, f64) attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %oz = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %ez = quantum.expval %oz : f64
  %oy = quantum.namedobs %q1[PauliY] : !quantum.obs
  %ey = quantum.expval %oy : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %ez, %ey : f64, f64
}

func.func @main(%x: f64, %c0: f64, %c1: f64) -> (f64, f64, f64, i1) {
  %z, %y, %dx = gradient.vjp "auto" @circuit(%x) cotangents(%c0, %c1)
      : (f64, f64, f64) -> (f64, f64, f64)
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %zp, %yp = call @circuit(%xp) : (f64) -> (f64, f64)
  %zm, %ym = call @circuit(%xm) : (f64) -> (f64, f64)
  %wp0 = arith.mulf %c0, %zp : f64
  %wp1 = arith.mulf %c1, %yp : f64
  %wp = arith.addf %wp0, %wp1 : f64
  %wm0 = arith.mulf %c0, %zm : f64
  %wm1 = arith.mulf %c1, %ym : f64
  %wm = arith.addf %wm0, %wm1 : f64
  %diff = arith.subf %wp, %wm : f64
  %fd = arith.divf %diff, %two_h : f64
  %s = math.sin %x : f64
  %k = math.cos %x : f64
  %ms = arith.negf %s : f64
  %u0 = arith.mulf %c0, %s : f64
  %u1 = arith.mulf %c1, %k : f64
  %u = arith.addf %u0, %u1 : f64
  %a = arith.negf %u : f64
  %ok_d = call @check(%dx, %a, %fd) : (f64, f64, f64) -> i1
  %ok_z = call @check(%z, %k, %k) : (f64, f64, f64) -> i1
  %ok_y = call @check(%y, %ms, %ms) : (f64, f64, f64) -> i1
  %ok_zy = arith.andi %ok_z, %ok_y : i1
  %ok = arith.andi %ok_d, %ok_zy : i1
  return %z, %y, %dx, %ok : f64, f64, f64, i1
}
