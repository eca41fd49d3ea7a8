// RUN: qgrad-opt %s --qgrad-lower-gradients --split-input-file | FileCheck %s
// A qnode whose Hamiltonian coefficients depend on a differentiated argument
// is differentiated through @Q.contraction.ad: its classical code, with the
// measurements replaced by the values of @Q.terms, a qnode measuring such a
// Hamiltonian term by term; @Q.terms is then split as any qnode.

// CHECK-LABEL: func.func @energy(
// CHECK-SAME:      attributes {diff_method = "parameter-shift", qnode}
// The qnode itself is left as it is.
// CHECK:         quantum.hamiltonian
// CHECK:         return

// CHECK-LABEL: func.func private @energy.dps(
// CHECK:         call @energy.contraction.ad(

// The coefficients are computed again, from the arguments, and contracted
// with the term values in term order (canonicalization reads the elements
// of the coefficient tensor directly).
// CHECK-LABEL: func.func private @energy.contraction.ad(
// CHECK-SAME:      %[[X:.*]]: f64, %[[W:.*]]: f64) -> f64 attributes {passthrough = ["alwaysinline"]}
// CHECK:         %[[T:.*]]:2 = call @energy.terms.surrogate(%[[X]], %[[W]]) : (f64, f64) -> (f64, f64)
// CHECK:         %[[SIN:.*]] = math.sin %[[W]]
// CHECK:         %[[P0:.*]] = arith.mulf %[[W]], %[[T]]#0
// CHECK:         %[[P1:.*]] = arith.mulf %[[SIN]], %[[T]]#1
// CHECK:         %[[E:.*]] = arith.addf %[[P0]], %[[P1]]
// CHECK-NOT:     quantum.
// CHECK:         return %[[E]] : f64

// No coefficient is left in the terms qnode: one expval per term.
// CHECK-LABEL: func.func private @energy.terms(
// CHECK-SAME:      -> (f64, f64) attributes {diff_method = "parameter-shift", qnode}
// CHECK-NOT:     hamiltonian
// CHECK-NOT:     math.sin
// CHECK:         %[[Z:.*]] = quantum.namedobs %{{.*}}[PauliZ]
// CHECK:         %[[XO:.*]] = quantum.namedobs %{{.*}}[PauliX]
// CHECK:         %[[EZ:.*]] = quantum.expval %[[Z]] : f64
// CHECK:         %[[EX:.*]] = quantum.expval %[[XO]] : f64
// CHECK:         return %[[EZ]], %[[EX]] : f64, f64
// CHECK:       func.func private @energy.terms.surrogate(
// CHECK:       func.func private @energy.terms.evaluate(
func.func @energy(%x: f64, %w: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %s = math.sin %w : f64
  %c = tensor.from_elements %w, %s : tensor<2xf64>
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
func.func @main(%x: f64, %w: f64) -> (f64, f64) {
  %g:2 = gradient.grad "auto" @energy(%x, %w) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  return %g#0, %g#1 : f64, f64
}

// -----

// Several results, classical code after the measurements, and Hamiltonians
// of three kinds: with differentiated coefficients (measured term by term),
// with coefficients from an argument that is not differentiated (also term
// by term: the split does not depend on the request), and constant (kept).
// @several.terms returns every measured value the qnode's code reads, in
// order; the contraction reads them back in the same order.

// CHECK-LABEL: func.func private @several.contraction.ad(
// CHECK-SAME:      %[[X:.*]]: f64, %[[W:.*]]: f64, %[[K:.*]]: tensor<2xf64>) -> (tensor<f64>, tensor<4xf64>, f64)
// CHECK:         %[[T:.*]]:6 = call @several.terms.surrogate(%[[X]], %[[W]], %[[K]])
// CHECK-SAME:        -> (f64, f64, tensor<4xf64>, f64, f64, f64)
// The coefficient 1.0 multiplies exactly, and canonicalization drops it.
// CHECK:         %[[A:.*]] = arith.mulf %[[W]], %[[T]]#0
// CHECK:         %[[H:.*]] = arith.addf %[[A]], %[[T]]#1
// CHECK:         %[[K0:.*]] = tensor.extract %[[K]]
// CHECK:         %[[C:.*]] = arith.mulf %[[K0]], %[[T]]#3
// CHECK:         %[[K1:.*]] = tensor.extract %[[K]]
// CHECK:         %[[D:.*]] = arith.mulf %[[K1]], %[[T]]#4
// CHECK:         %[[HK:.*]] = arith.addf %[[C]], %[[D]]
// CHECK:         %[[WRAPPED:.*]] = tensor.from_elements %[[H]] : tensor<f64>
// CHECK:         %[[SUM:.*]] = arith.addf %[[HK]], %[[T]]#5
// CHECK-NOT:     quantum.
// CHECK:         return %[[WRAPPED]], %[[T]]#2, %[[SUM]]

// CHECK-LABEL: func.func private @several.terms(
// CHECK-SAME:      -> (f64, f64, tensor<4xf64>, f64, f64, f64) attributes {diff_method = "parameter-shift", qnode}
// CHECK:         %[[CONST:.*]] = arith.constant dense<[5.000000e-01, 2.500000e-01]>
// CHECK:         %[[E0:.*]] = quantum.expval %{{.*}} : f64
// CHECK:         %[[E1:.*]] = quantum.expval %{{.*}} : f64
// CHECK:         %[[P:.*]] = quantum.probs
// CHECK:         %[[E3:.*]] = quantum.expval %{{.*}} : f64
// CHECK:         %[[E4:.*]] = quantum.expval %{{.*}} : f64
// CHECK:         %[[KEPT:.*]] = quantum.hamiltonian(%[[CONST]] : tensor<2xf64>)
// CHECK:         %[[E5:.*]] = quantum.expval %[[KEPT]] : f64
// CHECK-NOT:     quantum.hamiltonian
// CHECK:         return %[[E0]], %[[E1]], %[[P]], %[[E3]], %[[E4]], %[[E5]]
// CHECK-LABEL: func.func private @loss.ad(
// CHECK:         call @several.contraction.ad(
func.func @several(%x: f64, %w: f64, %k: tensor<2xf64>) -> (tensor<f64>, tensor<4xf64>, f64) attributes {qnode, diff_method = "parameter-shift"} {
  %one = arith.constant 1.0 : f64
  %c = tensor.from_elements %w, %one : tensor<2xf64>
  %fixed = arith.constant dense<[0.5, 0.25]> : tensor<2xf64>
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%x) %a0 : !quantum.bit
  %ab:2 = quantum.custom "CNOT"() %a1, %b0 : !quantum.bit, !quantum.bit
  %z0 = quantum.namedobs %ab#0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %ab#1[PauliZ] : !quantum.obs
  %x0 = quantum.namedobs %ab#0[PauliX] : !quantum.obs
  %h = quantum.hamiltonian(%c : tensor<2xf64>) %z0, %x0 : !quantum.obs
  %e = quantum.expval %h : f64
  %basis = quantum.compbasis qubits %ab#0, %ab#1 : !quantum.obs
  %p = quantum.probs %basis : tensor<4xf64>
  %hk = quantum.hamiltonian(%k : tensor<2xf64>) %z0, %z1 : !quantum.obs
  %ek = quantum.expval %hk : f64
  %hf = quantum.hamiltonian(%fixed : tensor<2xf64>) %z1, %x0 : !quantum.obs
  %ef = quantum.expval %hf : f64
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %ab#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  %wrapped = tensor.from_elements %e : tensor<f64>
  %sum = arith.addf %ek, %ef : f64
  return %wrapped, %p, %sum : tensor<f64>, tensor<4xf64>, f64
}
func.func @loss(%x: f64, %w: f64, %k: tensor<2xf64>) -> f64 {
  %e, %p, %s = call @several(%x, %w, %k) : (f64, f64, tensor<2xf64>) -> (tensor<f64>, tensor<4xf64>, f64)
  %i0 = arith.constant 0 : index
  %e0 = tensor.extract %e[] : tensor<f64>
  %p0 = tensor.extract %p[%i0] : tensor<4xf64>
  %t = arith.mulf %e0, %p0 : f64
  %l = arith.addf %t, %s : f64
  return %l : f64
}
func.func @main(%x: f64, %w: f64, %k: tensor<2xf64>) -> f64 {
  %g = gradient.grad "auto" @loss(%x, %w, %k) {diffArgIndices = dense<[1]> : tensor<1xindex>} : (f64, f64, tensor<2xf64>) -> f64
  return %g : f64
}

// -----

// Only a request that differentiates a coefficient rewrites the qnode: here
// the coefficients depend on %c alone, and only %x is differentiated.
// CHECK-LABEL: func.func private @gate_angle_only.dps(
// CHECK:         call @gate_angle_only.surrogate(
// CHECK-NOT:     gate_angle_only.terms
// CHECK-NOT:     gate_angle_only.contraction
func.func @gate_angle_only(%x: f64, %c: tensor<2xf64>) -> f64 attributes {qnode, diff_method = "adjoint"} {
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
  %g = gradient.grad "auto" @gate_angle_only(%x, %c) : (f64, tensor<2xf64>) -> f64
  return %g : f64
}

// -----

// The adjoint method sweeps once over every term's observable; a derivative
// that is differentiated again (a Hessian) contracts with the second-order
// surrogate of the terms qnode.
// CHECK-LABEL: func.func private @adjoint_terms.contraction.ad2(
// CHECK:         call @adjoint_terms.terms.surrogate2(
// CHECK-LABEL: func.func private @adjoint_terms.terms.adjoint(
// CHECK:         %[[N:.*]] = arith.constant 2 : i64
// CHECK:         call @qgrad_rt_adjoint_jacobian(%{{.*}}, %{{.*}}, %[[N]],
func.func @adjoint_terms(%x: f64, %w: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %c = tensor.from_elements %w, %x : tensor<2xf64>
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
func.func @main(%x: f64, %w: f64) -> (f64, f64, f64, f64) {
  %h:4 = gradient.hessian "auto" @adjoint_terms(%x, %w) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64) -> (f64, f64, f64, f64)
  return %h#0, %h#1, %h#2, %h#3 : f64, f64, f64, f64
}
