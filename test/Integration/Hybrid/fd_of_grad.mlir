// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.4 | FileCheck %s
// A second derivative: method "fd" (the only method allowed over code that
// itself differentiates) of the exact gradient of a qnode. Q = <Z0> after
// RX(x) = cos x; Q' = -sin x exactly (parameter shift), and the forward
// difference of Q' with step 1e-6 approximates Q'' = -cos x to about
// h |Q'''| / 2 + eps / h < 1e-6.
// CHECK:      {{^}}-0.389418342308
// CHECK-NEXT: {{^}}-0.92106
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @first(%x: f64) -> f64 {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  return %g : f64
}

func.func @main(%x: f64) -> (f64, f64, i1) {
  %g1 = call @first(%x) : (f64) -> f64
  %g2 = gradient.grad "fd" @first(%x) {finiteDiffParam = 1.0e-6 : f64} : (f64) -> f64
  %f = func.constant @circuit : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %s = math.sin %x : f64
  %c = math.cos %x : f64
  %a1 = arith.negf %s : f64
  %a2 = arith.negf %c : f64
  %ok1 = call @check(%g1, %a1, %fd) : (f64, f64, f64) -> i1
  // Q'' has no exact counterpart here: it is checked to 1e-6 only.
  %ok2 = call @check(%g2, %g2, %a2) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok1, %ok2 : i1
  return %g1, %g2, %ok : f64, f64, i1
}
