// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.6 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 0.6 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// IsingYY(x) by the adjoint method, after RX(0.7) on wire 0 and RY(0.4) on
// wire 1, <Z1>. Z1 -> cos x Z1 - sin x Y0 X1 with <Y0> = -sin 0.7,
// <X1> = sin 0.4:
//   <Z1> = cos x cos 0.4 + sin x sin 0.7 sin 0.4,
//   d/dx = -sin x cos 0.4 + cos x sin 0.7 sin 0.4.
// CHECK: {{^}}-0.313018060351
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %pa = arith.constant 0.7 : f64
  %pb = arith.constant 0.4 : f64
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RX"(%pa) %a0 : !quantum.bit
  %b1 = quantum.custom "RY"(%pb) %b0 : !quantum.bit
  %ab:2 = quantum.custom "IsingYY"(%x) %a1, %b1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %ab#1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %ab#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  %f = func.constant @circuit : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %pa = arith.constant 0.7 : f64
  %pb = arith.constant 0.4 : f64
  %sa = math.sin %pa : f64
  %ca = math.cos %pa : f64
  %sb = math.sin %pb : f64
  %cb = math.cos %pb : f64
  %sx = math.sin %x : f64
  %cx = math.cos %x : f64
  %t0 = arith.mulf %sx, %cb : f64
  %t1 = arith.mulf %cx, %sa : f64
  %t2 = arith.mulf %t1, %sb : f64
  %a = arith.subf %t2, %t0 : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
