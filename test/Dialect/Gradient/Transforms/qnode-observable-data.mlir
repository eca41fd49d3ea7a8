// RUN: not qgrad-opt %s --qgrad-lower-gradients --split-input-file 2>&1 | FileCheck %s
// Qnodes are differentiated through gate angles only: a differentiated
// argument reaching an observable's coefficients or matrix is refused (it
// would get a zero derivative), also through a classical caller.

// CHECK: error: the matrix of this Hermitian observable depends on argument 0 of qnode @hermitian, which is differentiated
func.func @hermitian(%m: tensor<2x2xcomplex<f64>>, %x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %h = quantum.hermitian(%m : tensor<2x2xcomplex<f64>>) %q1 : !quantum.obs
  %e = quantum.expval %h : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}
func.func @loss(%x: f64) -> f64 {
  %c = complex.constant [1.0, 0.0] : complex<f64>
  %z = complex.constant [0.0, 0.0] : complex<f64>
  %m = tensor.from_elements %c, %z, %z, %c : tensor<2x2xcomplex<f64>>
  %e = call @hermitian(%m, %x) : (tensor<2x2xcomplex<f64>>, f64) -> f64
  return %e : f64
}
func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "auto" @loss(%x) : (f64) -> f64
  return %g : f64
}

// -----

// Not differentiated: the coefficients may depend on argument 1.
// CHECK-NOT: error
func.func @circuit(%x: f64, %c: tensor<2xf64>) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %xo = quantum.namedobs %q1[PauliX] : !quantum.obs
  %h = quantum.hamiltonian(%c : tensor<2xf64>) %z, %xo : !quantum.obs
  %e = quantum.expval %h : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}
func.func @main(%x: f64, %c: tensor<2xf64>) -> f64 {
  %g = gradient.grad "auto" @circuit(%x, %c) : (f64, tensor<2xf64>) -> f64
  return %g : f64
}
