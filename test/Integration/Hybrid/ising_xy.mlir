// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.6 | FileCheck %s
// IsingXY(x) by the four-term rule (its generator (XX + YY)/4 has the
// eigenvalues {0, 0, +-1/2}), after RY(0.9) on wire 0, <Z1>. The gate mixes
// only |01> and |10>: from ca|00> + sa|10> (ca = cos 0.45, sa = sin 0.45)
// it makes ca|00> + sa cos(x/2)|10> + i sa sin(x/2)|01>, so
//   <Z1> = cos^2(0.45) + sin^2(0.45) cos x,  d/dx = -sin^2(0.45) sin x.
// CHECK: {{^}}-0.106827541711
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %prep = arith.constant 0.9 : f64
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%prep) %a0 : !quantum.bit
  %ab:2 = quantum.custom "IsingXY"(%x) %a1, %b0 : !quantum.bit, !quantum.bit
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
  %half_prep = arith.constant 0.45 : f64
  %sa = math.sin %half_prep : f64
  %p1 = arith.mulf %sa, %sa : f64
  %sx = math.sin %x : f64
  %t = arith.mulf %p1, %sx : f64
  %a = arith.negf %t : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
