// RUN: sh -c 'qgrad run "$1" 0.5; echo "exit status $?"' sh %s 2>&1 | FileCheck %s
// A qnode's diff_method that is not "parameter-shift", "adjoint" or "best",
// found when a derivative reaches the qnode.
// CHECK: err_unknown_diff_method.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'func.func' op has unknown diff_method "backprop"; expected "parameter-shift", "adjoint", "finite-diff" or "best"
// CHECK: exit status 1

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "backprop"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  return %g : f64
}
