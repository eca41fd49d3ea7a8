// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.6 | FileCheck %s
// Two qnodes with different methods inside one loss L = A(x) * B(x):
// A = RX(x), <Z0> = cos x by parameter shift; B = RY(2x), <X0> = sin 2x by
// the adjoint method. L' = -sin x sin 2x + 2 cos x cos 2x.
// CHECK: {{^}}0.071864665415
// CHECK-NEXT: {{^}}true

func.func @a(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @b(%x: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %two = arith.constant 2.0 : f64
  %t = arith.mulf %two, %x : f64
  %q1 = quantum.custom "RY"(%t) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliX] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @loss(%x: f64) -> f64 {
  %ea = call @a(%x) : (f64) -> f64
  %eb = call @b(%x) : (f64) -> f64
  %l = arith.mulf %ea, %eb : f64
  return %l : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @loss(%x) : (f64) -> f64
  %f = func.constant @loss : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %two = arith.constant 2.0 : f64
  %x2 = arith.mulf %two, %x : f64
  %sx = math.sin %x : f64
  %cx = math.cos %x : f64
  %s2 = math.sin %x2 : f64
  %c2 = math.cos %x2 : f64
  %t0 = arith.mulf %sx, %s2 : f64
  %t1 = arith.mulf %cx, %c2 : f64
  %t2 = arith.mulf %two, %t1 : f64
  %a = arith.subf %t2, %t0 : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
