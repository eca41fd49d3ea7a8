// RUN: not qgrad run %s 0.5 2>&1 | FileCheck %s
// A second derivative through a "finite-diff" qnode would nest central
// differences (rounding error eps / step^2, about 1e-5): refused at the qnode.
// CHECK: err_finite_diff_second_order.mlir:[[@LINE+1]]:1: error: second derivatives of qnode @circuit with diff_method "finite-diff" are not supported; use "parameter-shift"
func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "finite-diff"} {
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

func.func @main(%x: f64) -> f64 {
  %h = gradient.grad "auto" @first(%x) : (f64) -> f64
  return %h : f64
}
