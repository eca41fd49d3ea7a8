// RUN: not qgrad-opt %s --qgrad-lower-gradients --split-input-file 2>&1 | FileCheck %s

// A gate angle computed from an expectation value measured earlier in the
// circuit cannot be moved into the classical argmap.
// CHECK: error: cannot separate the gate parameters of qnode @feedback from its quantum operations
// CHECK: note: this operation still needs a quantum value in the classical part
func.func @feedback(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %q2 = quantum.custom "RY"(%e) %q1 : !quantum.bit
  %o2 = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e2 = quantum.expval %o2 : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e2 : f64
}
func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "auto" @feedback(%x) : (f64) -> f64
  return %g : f64
}

// -----

// The adjoint method needs the qnode to return expectation values directly.
// CHECK: error: the adjoint method needs every result of qnode @scaled to be a quantum.expval in the qnode's body
func.func @scaled(%x: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %two = arith.constant 2.0 : f64
  %s = arith.mulf %e, %two : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %s : f64
}
func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "auto" @scaled(%x) : (f64) -> f64
  return %g : f64
}
