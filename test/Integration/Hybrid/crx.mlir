// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.7 | FileCheck %s
// CRX by the four-term shift rule (not decomposed): RY(x) on the control,
// CRX(2x) on (0, 1), <Z1>. The control is |1> with probability sin^2(x/2),
// and then the target has <Z> = cos 2x:
//   <Z1> = cos^2(x/2) + sin^2(x/2) cos 2x,
//   d/dx = -sin(x)/2 + sin(x)/2 cos 2x - 2 sin^2(x/2) sin 2x.
// CHECK: {{^}}-0.499097126811
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %two = arith.constant 2.0 : f64
  %x2 = arith.mulf %two, %x : f64
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%x) %a0 : !quantum.bit
  %ab:2 = quantum.custom "CRX"(%x2) %a1, %b0 : !quantum.bit, !quantum.bit
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
  %half = arith.constant 0.5 : f64
  %two = arith.constant 2.0 : f64
  %sx = math.sin %x : f64
  %hsx = arith.mulf %half, %sx : f64
  %x2 = arith.mulf %two, %x : f64
  %c2 = math.cos %x2 : f64
  %s2 = math.sin %x2 : f64
  %hx = arith.mulf %half, %x : f64
  %sh = math.sin %hx : f64
  %sh2 = arith.mulf %sh, %sh : f64
  %t1 = arith.mulf %hsx, %c2 : f64
  %t2a = arith.mulf %two, %sh2 : f64
  %t2 = arith.mulf %t2a, %s2 : f64
  %u = arith.subf %t1, %hsx : f64
  %a = arith.subf %u, %t2 : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
