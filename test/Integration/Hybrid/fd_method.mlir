// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.55 | FileCheck %s
// Method "fd" next to "auto" on the same qnode: RY(x) RZ(x), <X0> =
// sin x cos x, derivative cos 2x. "auto" (parameter shift) is checked by the
// usual rule; "fd" is a forward difference with step 1e-7, whose error is
// about h |f''| / 2 + eps / h < 1e-6, so it is checked to 1e-6 only.
// CHECK:      {{^}}0.453596121425
// CHECK-NEXT: {{^}}0.45359{{[0-9]+$}}
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %q2 = quantum.custom "RZ"(%x) %q1 : !quantum.bit
  %o = quantum.namedobs %q2[PauliX] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> (f64, f64, i1) {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  %gfd = gradient.grad "fd" @circuit(%x) {finiteDiffParam = 1.0e-7 : f64} : (f64) -> f64
  %f = func.constant @circuit : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %two = arith.constant 2.0 : f64
  %x2 = arith.mulf %two, %x : f64
  %a = math.cos %x2 : f64
  %ok_auto = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  %ok_fd = call @check(%gfd, %gfd, %a) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok_auto, %ok_fd : i1
  return %g, %gfd, %ok : f64, f64, i1
}
