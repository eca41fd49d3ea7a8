// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.5 | FileCheck %s
// The circuit of ps_rx2x_rysin.mlir under a classical loss cos(<Z0>):
// E = cos(2x) cos(sin x) (= cos(1) cos(sin 0.5) at x = 0.5) and
//   d cos(E)/dx = -sin(E) E'(x) = sin(E) * 1.711922695 at x = 0.5.
// Reverse mode runs through cos, then through the qnode's surrogate.
// CHECK: {{^}}0.789601790360
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %two = arith.constant 2.0 : f64
  %a = arith.mulf %two, %x : f64
  %q1 = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %s = math.sin %x : f64
  %q2 = quantum.custom "RY"(%s) %q1 : !quantum.bit
  %o = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @loss(%x: f64) -> f64 {
  %e = call @circuit(%x) : (f64) -> f64
  %l = math.cos %e : f64
  return %l : f64
}

// E = cos(2x) cos(sin x); E' = -2 sin(2x) cos(sin x) - cos(2x) sin(sin x) cos x.
func.func @analytic(%x: f64) -> f64 {
  %two = arith.constant 2.0 : f64
  %x2 = arith.mulf %two, %x : f64
  %s2 = math.sin %x2 : f64
  %c2 = math.cos %x2 : f64
  %sx = math.sin %x : f64
  %cx = math.cos %x : f64
  %csx = math.cos %sx : f64
  %ssx = math.sin %sx : f64
  %e = arith.mulf %c2, %csx : f64
  %t0 = arith.mulf %two, %s2 : f64
  %t1 = arith.mulf %t0, %csx : f64
  %u0 = arith.mulf %c2, %ssx : f64
  %u1 = arith.mulf %u0, %cx : f64
  %minus_de = arith.addf %t1, %u1 : f64
  %se = math.sin %e : f64
  %d = arith.mulf %se, %minus_de : f64
  return %d : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @loss(%x) : (f64) -> f64
  %f = func.constant @loss : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %a = call @analytic(%x) : (f64) -> f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
