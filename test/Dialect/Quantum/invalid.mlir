// RUN: qgrad-opt %s -split-input-file -verify-diagnostics

func.func @unknown_gate(%q: !quantum.bit) {
  // expected-error @below {{unknown gate 'RQ'}}
  %0 = quantum.custom "RQ"() %q : !quantum.bit
  return
}

// -----

func.func @too_many_params(%t: f64, %q: !quantum.bit) {
  // expected-error @below {{gate 'RX' takes 1 parameter(s), but 2 were given}}
  %0 = quantum.custom "RX"(%t, %t) %q : !quantum.bit
  return
}

// -----

func.func @missing_param(%q: !quantum.bit) {
  // expected-error @below {{gate 'CRot' takes 3 parameter(s), but 0 were given}}
  %0:2 = quantum.custom "CRot"() %q, %q : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @too_few_wires(%q: !quantum.bit) {
  // expected-error @below {{gate 'CNOT' acts on 2 qubit(s), but 1 were given}}
  %0 = quantum.custom "CNOT"() %q : !quantum.bit
  return
}

// -----

func.func @too_many_wires(%t: f64, %a: !quantum.bit, %b: !quantum.bit) {
  // expected-error @below {{gate 'RY' acts on 1 qubit(s), but 2 were given}}
  %0:2 = quantum.custom "RY"(%t) %a, %b : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @results_do_not_match_wires(%a: !quantum.bit, %b: !quantum.bit) {
  // expected-error @below {{consumes 2 qubit(s) but yields 1; a gate yields one qubit per qubit consumed}}
  %0 = quantum.custom "CNOT"() %a, %b : !quantum.bit
  return
}

// -----

func.func @multirz_results(%t: f64, %a: !quantum.bit, %b: !quantum.bit) {
  // expected-error @below {{consumes 2 qubit(s) but yields 3}}
  %0:3 = quantum.multirz(%t) %a, %b : !quantum.bit, !quantum.bit, !quantum.bit
  return
}

// -----

func.func @multirz_no_wires(%t: f64) {
  // expected-error @below {{gate 'MultiRZ' needs at least one qubit}}
  "quantum.multirz"(%t) : (f64) -> ()
  return
}

// -----

func.func @same_qubit_twice(%a: !quantum.bit) {
  // expected-error @below {{qubit operand 1 is the same value as operand 0; a gate's qubits must be distinct}}
  %0:2 = quantum.custom "CZ"() %a, %a : !quantum.bit, !quantum.bit
  return
}

// -----

func.func @multirz_by_name(%t: f64, %a: !quantum.bit) {
  // expected-error @below {{gate 'MultiRZ' is written as 'quantum.multirz'}}
  %0 = quantum.custom "MultiRZ"(%t) %a : !quantum.bit
  return
}

// -----

func.func @unitary_size(%u: tensor<4x4xcomplex<f64>>, %a: !quantum.bit) {
  // expected-error @below {{matrix of type 'tensor<4x4xcomplex<f64>>' does not act on 1 qubit(s): it must be 2x2}}
  %0 = quantum.unitary(%u : tensor<4x4xcomplex<f64>>) %a : !quantum.bit
  return
}

// -----

func.func @param_type(%t: f32, %a: !quantum.bit) {
  // expected-error @below {{operand #0 must be variadic of 64-bit float}}
  %0 = "quantum.custom"(%t, %a) <{gate_name = "RX", operandSegmentSizes = array<i32: 1, 1>}> : (f32, !quantum.bit) -> !quantum.bit
  return
}

// -----

func.func @alloc_empty() {
  // expected-error @below {{expected attribute value}}
  %r = quantum.alloc() : !quantum.reg
  return
}

// -----

func.func @alloc_without_size() {
  // expected-error @below {{needs a qubit count given either as a value or as a constant}}
  %r = "quantum.alloc"() : () -> !quantum.reg
  return
}

// -----

func.func @extract_two_indices(%r: !quantum.reg, %i: i64) {
  // expected-error @below {{needs an index given either as a value or as a constant}}
  %q = "quantum.extract"(%r, %i) <{idx_attr = 0 : i64}> : (!quantum.reg, i64) -> !quantum.bit
  return
}

// -----

func.func @alloc_zero() {
  // expected-error @below {{attribute 'nqubits_attr' failed to satisfy constraint}}
  %r = quantum.alloc( 0) : !quantum.reg
  return
}

// -----

func.func @extract_out_of_range() {
  %r = quantum.alloc( 2) : !quantum.reg
  // expected-error @below {{qubit index 2 is out of range for a register of 2 qubit(s)}}
  %q = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  return
}

// -----

func.func @insert_out_of_range(%q: !quantum.bit) {
  %r = quantum.alloc( 1) : !quantum.reg
  // expected-error @below {{qubit index 5 is out of range for a register of 1 qubit(s)}}
  %r1 = quantum.insert %r[ 5], %q : !quantum.reg, !quantum.bit
  return
}

// -----

func.func @unknown_named_observable(%q: !quantum.bit) {
  // expected-error @below {{unknown named observable 'PauliW'}}
  %o = quantum.namedobs %q[PauliW] : !quantum.obs
  return
}

// -----

func.func @hermitian_size(%h: tensor<2x2xcomplex<f64>>, %a: !quantum.bit, %b: !quantum.bit) {
  // expected-error @below {{does not act on 2 qubit(s): it must be 4x4}}
  %o = quantum.hermitian(%h : tensor<2x2xcomplex<f64>>) %a, %b : !quantum.obs
  return
}

// -----

func.func @hamiltonian_coeffs(%c: tensor<3xf64>, %a: !quantum.bit) {
  %z = quantum.namedobs %a[PauliZ] : !quantum.obs
  // expected-error @below {{has 3 coefficient(s) for 1 term(s)}}
  %h = quantum.hamiltonian(%c : tensor<3xf64>) %z : !quantum.obs
  return
}

// -----

func.func @tensor_of_basis(%a: !quantum.bit, %b: !quantum.bit) {
  %z = quantum.namedobs %a[PauliZ] : !quantum.obs
  %c = quantum.compbasis qubits %b : !quantum.obs
  // expected-error @below {{term 1 is a computational basis, which is not an observable}}
  %t = quantum.tensor %z, %c : !quantum.obs
  return
}

// -----

func.func @compbasis_both(%a: !quantum.bit, %r: !quantum.reg) {
  // expected-error @below {{takes either qubits or a register, not both}}
  %c = quantum.compbasis qubits %a qreg %r : !quantum.obs
  return
}

// -----

func.func @expval_of_basis(%a: !quantum.bit) {
  %c = quantum.compbasis qubits %a : !quantum.obs
  // expected-error @below {{needs an observable; a computational basis has no eigenvalues to average}}
  %e = quantum.expval %c : f64
  return
}

// -----

func.func @probs_of_observable(%a: !quantum.bit) {
  %z = quantum.namedobs %a[PauliZ] : !quantum.obs
  // expected-error @below {{reads basis states: its observable must be a quantum.compbasis}}
  %p = quantum.probs %z : tensor<2xf64>
  return
}

// -----

func.func @probs_size(%a: !quantum.bit, %b: !quantum.bit) {
  %c = quantum.compbasis qubits %a, %b : !quantum.obs
  // expected-error @below {{dimension 0 of 'tensor<2xf64>' is 2, but the observed wires give 4}}
  %p = quantum.probs %c : tensor<2xf64>
  return
}

// -----

func.func @probs_register_size() {
  %r = quantum.alloc( 3) : !quantum.reg
  %c = quantum.compbasis qreg %r : !quantum.obs
  // expected-error @below {{dimension 0 of 'tensor<4xf64>' is 4, but the observed wires give 8}}
  %p = quantum.probs %c : tensor<4xf64>
  return
}

// -----

func.func @state_size(%a: !quantum.bit) {
  %c = quantum.compbasis qubits %a : !quantum.obs
  // expected-error @below {{dimension 0 of 'tensor<4xcomplex<f64>>' is 4, but the observed wires give 2}}
  %s = quantum.state %c : tensor<4xcomplex<f64>>
  return
}

// -----

func.func @sample_wires(%a: !quantum.bit, %b: !quantum.bit) {
  %c = quantum.compbasis qubits %a, %b : !quantum.obs
  // expected-error @below {{dimension 1 of 'tensor<10x3xf64>' is 3, but the observed wires give 2}}
  %s = quantum.sample %c : tensor<10x3xf64>
  return
}

// -----

func.func @sample_rank(%a: !quantum.bit) {
  %c = quantum.compbasis qubits %a : !quantum.obs
  // expected-error @below {{expects a rank-2 result, got 'tensor<10xf64>'}}
  %s = quantum.sample %c : tensor<10xf64>
  return
}

// -----

func.func @counts_size(%a: !quantum.bit) {
  %z = quantum.namedobs %a[PauliZ] : !quantum.obs
  // expected-error @below {{dimension 0 of 'tensor<4xf64>' is 4, but the observed wires give 2}}
  %e, %c = quantum.counts %z : tensor<4xf64>, tensor<4xi64>
  return
}

// -----

func.func @probs_dynamic_without_shape(%a: !quantum.bit) {
  %c = quantum.compbasis qubits %a : !quantum.obs
  // expected-error @below {{has 0 `shape` operand(s) for 'tensor<?xf64>', which has 1 dynamic dimension(s)}}
  %p = quantum.probs %c : tensor<?xf64>
  return
}

// -----

func.func @probs_result_and_buffer(%a: !quantum.bit, %buf: memref<2xf64>) {
  %c = quantum.compbasis qubits %a : !quantum.obs
  // expected-error @below {{needs either a tensor result or an `in(...)` buffer, not both}}
  %p = quantum.probs %c in(%buf : memref<2xf64>) : tensor<2xf64>
  return
}

// -----

func.func @probs_nothing(%a: !quantum.bit) {
  %c = quantum.compbasis qubits %a : !quantum.obs
  // expected-error @below {{needs either a tensor result or an `in(...)` buffer, but has neither}}
  quantum.probs %c
  return
}

// -----

func.func @stale_qubit_in_gate(%t: f64, %q0: !quantum.bit) -> !quantum.bit {
  // expected-note @below {{consumed here}}
  %q1 = quantum.custom "RX"(%t) %q0 : !quantum.bit
  // expected-error @below {{uses a qubit value that an earlier op already consumed; use the qubit that op yields}}
  %q2 = quantum.custom "RY"(%t) %q0 : !quantum.bit
  return %q2 : !quantum.bit
}

// -----

func.func @stale_qubit_in_insert(%t: f64, %q0: !quantum.bit, %r: !quantum.reg) -> !quantum.reg {
  // expected-note @below {{consumed here}}
  %m, %q1 = quantum.measure %q0 : i1, !quantum.bit
  // expected-error @below {{uses a qubit value that an earlier op already consumed}}
  %r1 = quantum.insert %r[ 0], %q0 : !quantum.reg, !quantum.bit
  return %r1 : !quantum.reg
}

// -----

func.func @measured_twice(%q0: !quantum.bit) {
  // expected-note @below {{consumed here}}
  %m, %q1 = quantum.measure %q0 : i1, !quantum.bit
  // expected-error @below {{uses a qubit value that an earlier op already consumed}}
  %m2, %q2 = quantum.measure %q0 : i1, !quantum.bit
  return
}

// -----

// Observing a qubit does not consume it, and exclusive branches may each
// consume the same qubit.
func.func @not_stale(%t: f64, %flip: i1, %q0: !quantum.bit) -> (f64, !quantum.bit) {
  %o = quantum.namedobs %q0[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %q1 = scf.if %flip -> (!quantum.bit) {
    %a = quantum.custom "RX"(%t) %q0 : !quantum.bit
    scf.yield %a : !quantum.bit
  } else {
    %b = quantum.custom "RY"(%t) %q0 : !quantum.bit
    scf.yield %b : !quantum.bit
  }
  return %e, %q1 : f64, !quantum.bit
}
