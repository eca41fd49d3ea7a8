// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.5 | FileCheck %s
// RUN: qgrad run %t.mlir -1.2 | FileCheck %s --check-prefix=NEG
// RUN: qgrad run %t.mlir 0.5 -O0 | FileCheck %s
// diff_method "finite-diff": the qnode's Jacobian by central differences of
// its gate parameters (step 6.06e-6, QNodeParts.cpp), chained with reverse
// mode of the classical code. RX(2x), then CRX(sin x) controlled by wire 0 on
// wire 1 (the four-term rule under parameter shift; one central difference
// here), <Z0 Z1>: with a = 2x, s = sin x,
//   <Z0 Z1> = cos^2(a/2) - sin^2(a/2) cos s,
//   d/dx = -sin(a) (1 + cos s) + sin^2(a/2) sin(s) cos(x).
// The derivative agrees with the closed form to 1e-9 (central differences
// of gate angles are exact to about 1e-11 here).
// CHECK: {{^}}-1.4950312734
// CHECK-NEXT: {{^}}true
// NEG: {{^}}0.8254567323
// NEG-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "finite-diff"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %two = arith.constant 2.0 : f64
  %a = arith.mulf %two, %x : f64
  %p0 = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %s = math.sin %x : f64
  %c:2 = quantum.custom "CRX"(%s) %p0, %q1 : !quantum.bit, !quantum.bit
  %z0 = quantum.namedobs %c#0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %c#1[PauliZ] : !quantum.obs
  %zz = quantum.tensor %z0, %z1 : !quantum.obs
  %e = quantum.expval %zz : f64
  %r1 = quantum.insert %r[ 0], %c#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %c#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @analytic(%x: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %a = arith.mulf %two, %x : f64
  %sa = math.sin %a : f64
  %s = math.sin %x : f64
  %cs = math.cos %s : f64
  %ss = math.sin %s : f64
  %cx = math.cos %x : f64
  %half = math.sin %x : f64
  %half2 = arith.mulf %half, %half : f64
  %opc = arith.addf %one, %cs : f64
  %t0 = arith.mulf %sa, %opc : f64
  %t1 = arith.mulf %half2, %ss : f64
  %t2 = arith.mulf %t1, %cx : f64
  %d = arith.subf %t2, %t0 : f64
  return %d : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  %f = func.constant @circuit : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %a = call @analytic(%x) : (f64) -> f64
  %tol = arith.constant 1.0e-9 : f64
  %close = call @close_to(%g, %a, %tol) : (f64, f64, f64) -> i1
  %loose = arith.constant 1.0e-6 : f64
  %agrees = call @close_to(%fd, %g, %loose) : (f64, f64, f64) -> i1
  %ok = arith.andi %close, %agrees : i1
  return %g, %ok : f64, i1
}
