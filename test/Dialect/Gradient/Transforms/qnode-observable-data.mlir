// RUN: not qgrad-opt %s --qgrad-lower-gradients --split-input-file 2>&1 | FileCheck %s
// Qnodes are differentiated through gate angles and Hamiltonian coefficients
// measured by expval (qnode-hamiltonian-terms.mlir): a differentiated
// argument reaching an observable's matrix, or coefficients the termwise
// rewrite cannot separate, is refused (it would get a zero or wrong
// derivative), also through a classical caller.

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

// -----

// A Hamiltonian with differentiated coefficients that is a term of another
// observable: only its own expectation value is measured term by term.
// CHECK: error: cannot differentiate this use of a Hamiltonian with respect to its coefficients: only a quantum.expval of it in the qnode's body can be
// CHECK: note: the coefficients of this Hamiltonian depend on argument 1 of qnode @nested, which is differentiated
// CHECK: note: derivative requested here
func.func @nested(%x: f64, %w: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %c = tensor.from_elements %w, %w : tensor<2xf64>
  %k = arith.constant dense<[0.5]> : tensor<1xf64>
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %xo = quantum.namedobs %q1[PauliX] : !quantum.obs
  %h = quantum.hamiltonian(%c : tensor<2xf64>) %z, %xo : !quantum.obs
  %outer = quantum.hamiltonian(%k : tensor<1xf64>) %h : !quantum.obs
  %e = quantum.expval %outer : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}
func.func @main(%x: f64, %w: f64) -> (f64, f64) {
  %g:2 = gradient.grad "auto" @nested(%x, %w) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  return %g#0, %g#1 : f64, f64
}

// -----

// Coefficients computed from a measured value and a differentiated
// argument: the contraction runs outside the circuit, where no measured
// value exists before the terms qnode returns.
// CHECK: error: the coefficients of this Hamiltonian depend on a quantum result; Hamiltonian coefficients are differentiated when classical code computes them from the qnode's arguments
// CHECK: note: computed from this operation
// CHECK: note: derivative requested here
func.func @from_outcome(%x: f64, %w: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %xo = quantum.namedobs %q1[PauliX] : !quantum.obs
  %ez = quantum.expval %z : f64
  %cw = arith.mulf %ez, %w : f64
  %c = tensor.from_elements %cw, %w : tensor<2xf64>
  %h = quantum.hamiltonian(%c : tensor<2xf64>) %z, %xo : !quantum.obs
  %e = quantum.expval %h : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}
func.func @main(%x: f64, %w: f64) -> (f64, f64) {
  %g:2 = gradient.grad "auto" @from_outcome(%x, %w) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  return %g#0, %g#1 : f64, f64
}

// -----

// The contraction reads measured values from the terms qnode's results, so
// a measurement whose value is read inside a region has no place there.
// CHECK: error: differentiating the Hamiltonian coefficients of qnode @in_region needs its measurements in the qnode's body, not inside a region
// CHECK: note: derivative requested here
func.func @in_region(%x: f64, %w: f64, %flag: i1) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %c = tensor.from_elements %w, %w : tensor<2xf64>
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %xo = quantum.namedobs %q1[PauliX] : !quantum.obs
  %h = quantum.hamiltonian(%c : tensor<2xf64>) %z, %xo : !quantum.obs
  %e = quantum.expval %h : f64
  %extra = scf.if %flag -> (f64) {
    %ez = quantum.expval %z : f64
    scf.yield %ez : f64
  } else {
    %zero = arith.constant 0.0 : f64
    scf.yield %zero : f64
  }
  %sum = arith.addf %e, %extra : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %sum : f64
}
func.func @main(%x: f64, %w: f64, %flag: i1) -> (f64, f64) {
  %g:2 = gradient.grad "auto" @in_region(%x, %w, %flag) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64, i1) -> (f64, f64)
  return %g#0, %g#1 : f64, f64
}
