// RUN: qgrad-opt %s -split-input-file -verify-diagnostics

// The measurements of a qnode decide which quantum methods can differentiate
// it; the checks run when a derivative reaches the qnode.

// expected-note @below {{in this qnode, whose diff_method resolves to parameter-shift}}
func.func @variance(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  // expected-error @below {{'quantum.var' op cannot be differentiated by parameter-shift, which handles quantum.expval, quantum.probs}}
  %v = quantum.var %o : f64
  return %v : f64
}

func.func @grad_of_variance(%x: f64) -> f64 {
  // expected-note @below {{derivative requested here}}
  %g = gradient.grad "auto" @variance(%x) : (f64) -> f64
  return %g : f64
}

// -----

// expected-note @below {{in this qnode, whose diff_method resolves to adjoint}}
func.func @probs(%x: f64) -> tensor<2xf64> attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %c = quantum.compbasis qubits %q1 : !quantum.obs
  // expected-error @below {{'quantum.probs' op cannot be differentiated by adjoint, which handles quantum.expval}}
  %p = quantum.probs %c : tensor<2xf64>
  return %p : tensor<2xf64>
}

func.func @loss(%x: f64) -> f64 {
  %p = func.call @probs(%x) : (f64) -> tensor<2xf64>
  %c0 = arith.constant 0 : index
  %p0 = tensor.extract %p[%c0] : tensor<2xf64>
  return %p0 : f64
}

func.func @grad_through_call(%x: f64) -> f64 {
  // expected-note @below {{derivative requested here}}
  %g = gradient.grad "auto" @loss(%x) : (f64) -> f64
  return %g : f64
}

// -----

// "best" is adjoint for expectation values only, parameter shift otherwise.
// expected-note @below {{in this qnode, whose diff_method resolves to parameter-shift}}
func.func @variance_best(%x: f64) -> (f64, f64) attributes {qnode, diff_method = "best"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  // expected-error @below {{'quantum.var' op cannot be differentiated by parameter-shift}}
  %v = quantum.var %o : f64
  return %e, %v : f64, f64
}

func.func @grad_of_variance_best(%x: f64) {
  // expected-note @below {{derivative requested here}}
  %g:2 = gradient.grad "auto" @variance_best(%x) : (f64) -> (f64, f64)
  return
}

// -----

func.func @state(%x: f64) -> tensor<2xcomplex<f64>> attributes {qnode, diff_method = "best"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %c = quantum.compbasis qubits %q1 : !quantum.obs
  %s = quantum.state %c : tensor<2xcomplex<f64>>
  return %s : tensor<2xcomplex<f64>>
}

func.func @grad_of_state(%x: f64) {
  // expected-error @below {{cannot differentiate @state: its result 0 has non-float type 'tensor<2xcomplex<f64>>'}}
  %g = gradient.grad "auto" @state(%x) : (f64) -> tensor<2xf64>
  return
}

// -----

// expected-error @below {{'func.func' op has unknown diff_method "backprop"; expected "parameter-shift", "adjoint", "finite-diff" or "best"}}
func.func @unknown_diff_method(%x: f64) -> f64 attributes {qnode, diff_method = "backprop"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  return %e : f64
}

func.func @grad_fd(%x: f64) -> f64 {
  %g = gradient.grad "fd" @unknown_diff_method(%x) : (f64) -> f64
  return %g : f64
}

// -----

// Finite differences need nothing from the circuit's measurements.
func.func @variance(%x: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %v = quantum.var %o : f64
  return %v : f64
}

func.func @grad_fd_of_variance(%x: f64) -> f64 {
  %g = gradient.grad "fd" @variance(%x) : (f64) -> f64
  return %g : f64
}

// -----

// Several derivatives of one qnode in a block: the first of each method
// inspects the circuit, and an "fd" derivative does not vouch for "auto".
// expected-note @below {{in this qnode, whose diff_method resolves to parameter-shift}}
func.func @variance(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  // expected-error @below {{'quantum.var' op cannot be differentiated by parameter-shift}}
  %v = quantum.var %o : f64
  return %v : f64
}

func.func @many(%x: f64) -> f64 {
  %g0 = gradient.grad "fd" @variance(%x) : (f64) -> f64
  %g1 = gradient.grad "fd" @variance(%x) : (f64) -> f64
  // expected-note @below {{derivative requested here}}
  %g2 = gradient.grad "auto" @variance(%x) : (f64) -> f64
  %g3 = gradient.grad "auto" @variance(%x) : (f64) -> f64
  %v:2 = gradient.value_and_grad "auto" @variance(%x) : (f64) -> (f64, f64)
  return %g0 : f64
}

// -----

// Hamiltonian coefficients are differentiated through expectation values
// only (<H> = sum_i c_i <O_i> is linear in them): the variance of a
// Hamiltonian whose coefficients depend on a differentiated argument stays
// refused, with every other variance.
// expected-note @below {{in this qnode, whose diff_method resolves to parameter-shift}}
func.func @hamiltonian_variance(%x: f64, %w: f64) -> f64 attributes {qnode, diff_method = "best"} {
  %c = tensor.from_elements %w, %x : tensor<2xf64>
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %xo = quantum.namedobs %q1[PauliX] : !quantum.obs
  %h = quantum.hamiltonian(%c : tensor<2xf64>) %z, %xo : !quantum.obs
  // expected-error @below {{'quantum.var' op cannot be differentiated by parameter-shift, which handles quantum.expval, quantum.probs}}
  %v = quantum.var %h : f64
  return %v : f64
}

func.func @grad_of_hamiltonian_variance(%x: f64, %w: f64) -> (f64, f64) {
  // expected-note @below {{derivative requested here}}
  %g:2 = gradient.grad "auto" @hamiltonian_variance(%x, %w) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  return %g#0, %g#1 : f64, f64
}
