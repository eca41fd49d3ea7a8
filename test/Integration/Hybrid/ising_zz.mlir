// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.6 | FileCheck %s
// IsingZZ(x), two-term rule, after RY(0.7) on wire 0 and H, PhaseShift(0.4)
// on wire 1 (Bloch vector (cos 0.4, sin 0.4, 0)), <X1>. X1 -> cos x X1 -
// sin x Z0 Y1 with <Z0> = cos 0.7:
//   <X1> = cos x cos 0.4 - sin x cos 0.7 sin 0.4,
//   d/dx = -sin x cos 0.4 - cos x cos 0.7 sin 0.4.
// CHECK: {{^}}-0.765891069324
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %pa = arith.constant 0.7 : f64
  %pb = arith.constant 0.4 : f64
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%pa) %a0 : !quantum.bit
  %bh = quantum.custom "Hadamard"() %b0 : !quantum.bit
  %b1 = quantum.custom "PhaseShift"(%pb) %bh : !quantum.bit
  %ab:2 = quantum.custom "IsingZZ"(%x) %a1, %b1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %ab#1[PauliX] : !quantum.obs
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
  %t1 = arith.mulf %cx, %ca : f64
  %t2 = arith.mulf %t1, %sb : f64
  %t3 = arith.addf %t0, %t2 : f64
  %a = arith.negf %t3 : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
