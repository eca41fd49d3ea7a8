// RUN: cat %s %S/Inputs/check.mlir %S/Inputs/hamiltonian_terms.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.4, -0.9, 1.3]' '[0.3, -0.5, 0.8]' | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir '[0.4, -0.9, 1.3]' '[0.3, -0.5, 0.8]' | FileCheck %s
// Two Hamiltonians with argument-dependent coefficients and a plain
// expectation value in one qnode with three results, the circuit of
// Inputs/hamiltonian_terms.mlir:
//   R0 = <H>  (c = 2 w + sin(w))          = E
//   R1 = <Z1>                             = D
//   R2 = <w0 w1 Z0 + 0.5 Y1>              = F = w0 w1 A + 0.5 C
// jvp "auto" (one forward sweep) along t = (tx, tw) and vjp "auto" (the
// Jacobian by reverse sweeps) with cotangent g, against J t and g J from the
// closed-form Jacobian J and against central differences (along t for the
// jvp, of g . R for the vjp), for the adjoint method and parameter shift.
// CHECK:      {{^}}3.59456382091
// CHECK-NEXT: {{^}}-0.359764502862
// CHECK-NEXT: {{^}}-0.103439806829
// CHECK-NEXT: {{^}}[0.865132592266{{[0-9]*}}, -0.677566630537{{[0-9]*}}, 0.150005689617{{[0-9]*}}]
// CHECK-NEXT: {{^}}[1.351083158806{{[0-9]*}}, 1.903501600999{{[0-9]*}}, -1.338938197078{{[0-9]*}}]
// CHECK-NEXT: {{^}}true

func.func @several(%x: tensor<3xf64>, %w: tensor<3xf64>) -> (f64, f64, f64) attributes {qnode, diff_method = "adjoint"} {
  %c = call @coefficients(%w) : (tensor<3xf64>) -> tensor<3xf64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %half = arith.constant 0.5 : f64
  %p = tensor.extract %x[%i0] : tensor<3xf64>
  %q = tensor.extract %x[%i1] : tensor<3xf64>
  %b = tensor.extract %x[%i2] : tensor<3xf64>
  %w0 = tensor.extract %w[%i0] : tensor<3xf64>
  %w1 = tensor.extract %w[%i1] : tensor<3xf64>
  %w01 = arith.mulf %w0, %w1 : f64
  %c2 = tensor.from_elements %w01, %half : tensor<2xf64>
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%p) %a0 : !quantum.bit
  %a2 = quantum.custom "RX"(%q) %a1 : !quantum.bit
  %b1 = quantum.custom "RX"(%b) %b0 : !quantum.bit
  %ab:2 = quantum.custom "CNOT"() %a2, %b1 : !quantum.bit, !quantum.bit
  %z0 = quantum.namedobs %ab#0[PauliZ] : !quantum.obs
  %x0 = quantum.namedobs %ab#0[PauliX] : !quantum.obs
  %z1 = quantum.namedobs %ab#1[PauliZ] : !quantum.obs
  %xz = quantum.tensor %x0, %z1 : !quantum.obs
  %y1 = quantum.namedobs %ab#1[PauliY] : !quantum.obs
  %h = quantum.hamiltonian(%c : tensor<3xf64>) %z0, %xz, %y1 : !quantum.obs
  %e = quantum.expval %h : f64
  %d = quantum.expval %z1 : f64
  %h2 = quantum.hamiltonian(%c2 : tensor<2xf64>) %z0, %y1 : !quantum.obs
  %f = quantum.expval %h2 : f64
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %ab#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e, %d, %f : f64, f64, f64
}

func.func private @tangent() -> tensor<6xf64> {
  %t = arith.constant dense<[0.7, -0.2, 0.5, 1.1, 0.3, -0.6]> : tensor<6xf64>
  return %t : tensor<6xf64>
}

func.func private @cotangent() -> tensor<3xf64> {
  %g = arith.constant dense<[0.9, -1.4, 0.6]> : tensor<3xf64>
  return %g : tensor<3xf64>
}

// J = d(R0, R1, R2) / d(x, w) in closed form.
func.func private @jacobian_analytic(%x: tensor<3xf64>, %w: tensor<3xf64>) -> tensor<3x6xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f64
  %zero = arith.constant 0.0 : f64
  %t, %dt = call @terms(%x) : (tensor<3xf64>) -> (tensor<4xf64>, tensor<4x3xf64>)
  %e, %ex, %ew = call @energy_analytic(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<3xf64>)
  %w0 = tensor.extract %w[%c0] : tensor<3xf64>
  %w1 = tensor.extract %w[%c1] : tensor<3xf64>
  %w01 = arith.mulf %w0, %w1 : f64
  %a = tensor.extract %t[%c0] : tensor<4xf64>
  %init = tensor.empty() : tensor<3x6xf64>
  %j = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<3x6xf64>) {
    %ek = tensor.extract %ex[%k] : tensor<3xf64>
    %ewk = tensor.extract %ew[%k] : tensor<3xf64>
    %dk = tensor.extract %dt[%c3, %k] : tensor<4x3xf64>
    // dF/dx_k = w0 w1 dA/dx_k + 0.5 dC/dx_k
    %dak = tensor.extract %dt[%c0, %k] : tensor<4x3xf64>
    %dck = tensor.extract %dt[%c2, %k] : tensor<4x3xf64>
    %fa = arith.mulf %w01, %dak : f64
    %fc = arith.mulf %half, %dck : f64
    %fk = arith.addf %fa, %fc : f64
    %kw = arith.addi %k, %c3 : index
    %acc1 = tensor.insert %ek into %acc[%c0, %k] : tensor<3x6xf64>
    %acc2 = tensor.insert %ewk into %acc1[%c0, %kw] : tensor<3x6xf64>
    %acc3 = tensor.insert %dk into %acc2[%c1, %k] : tensor<3x6xf64>
    %acc4 = tensor.insert %zero into %acc3[%c1, %kw] : tensor<3x6xf64>
    %acc5 = tensor.insert %fk into %acc4[%c2, %k] : tensor<3x6xf64>
    scf.yield %acc5 : tensor<3x6xf64>
  }
  // dF/dw = (w1 A, w0 A, 0)
  %f0 = arith.mulf %w1, %a : f64
  %f1 = arith.mulf %w0, %a : f64
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %j1 = tensor.insert %f0 into %j[%c2, %c3] : tensor<3x6xf64>
  %j2 = tensor.insert %f1 into %j1[%c2, %c4] : tensor<3x6xf64>
  %j3 = tensor.insert %zero into %j2[%c2, %c5] : tensor<3x6xf64>
  return %j3 : tensor<3x6xf64>
}

// J v (over columns) or v J (over rows).
func.func private @contract(%j: tensor<3x6xf64>, %v: tensor<?xf64>, %over_columns: i1) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f64
  %n = arith.select %over_columns, %c3, %c6 : index
  %m = arith.select %over_columns, %c6, %c3 : index
  %init = tensor.empty(%n) : tensor<?xf64>
  %out = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?xf64>) {
    %s = scf.for %k = %c0 to %m step %c1 iter_args(%sum = %zero) -> (f64) {
      %row = arith.select %over_columns, %i, %k : index
      %col = arith.select %over_columns, %k, %i : index
      %jik = tensor.extract %j[%row, %col] : tensor<3x6xf64>
      %vk = tensor.extract %v[%k] : tensor<?xf64>
      %term = arith.mulf %jik, %vk : f64
      %sum1 = arith.addf %sum, %term : f64
      scf.yield %sum1 : f64
    }
    %acc1 = tensor.insert %s into %acc[%i] : tensor<?xf64>
    scf.yield %acc1 : tensor<?xf64>
  }
  return %out : tensor<?xf64>
}

// R at (x, w) + s t, as one tensor of 3.
func.func private @results_along(%point: tensor<?xf64>, %s: f64) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %t = call @tangent() : () -> tensor<6xf64>
  %buffer = memref.alloc(%c6) : memref<?xf64>
  scf.for %i = %c0 to %c6 step %c1 {
    %pi = tensor.extract %point[%i] : tensor<?xf64>
    %ti = tensor.extract %t[%i] : tensor<6xf64>
    %st = arith.mulf %s, %ti : f64
    %moved = arith.addf %pi, %st : f64
    memref.store %moved, %buffer[%i] : memref<?xf64>
  }
  %x, %w = call @split_point(%buffer) : (memref<?xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  %r:3 = call @several(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> (f64, f64, f64)
  %out = tensor.from_elements %r#0, %r#1, %r#2 : tensor<3xf64>
  %dynamic = tensor.cast %out : tensor<3xf64> to tensor<?xf64>
  return %dynamic : tensor<?xf64>
}

// g . R, for the central differences of the vjp.
func.func private @weighted_flat(%buffer: memref<?xf64>) -> f64 {
  %x, %w = call @split_point(%buffer) : (memref<?xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  %r:3 = call @several(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> (f64, f64, f64)
  %g = call @cotangent() : () -> tensor<3xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %g0 = tensor.extract %g[%c0] : tensor<3xf64>
  %g1 = tensor.extract %g[%c1] : tensor<3xf64>
  %g2 = tensor.extract %g[%c2] : tensor<3xf64>
  %t0 = arith.mulf %g0, %r#0 : f64
  %t1 = arith.mulf %g1, %r#1 : f64
  %t2 = arith.mulf %g2, %r#2 : f64
  %s01 = arith.addf %t0, %t1 : f64
  %s = arith.addf %s01, %t2 : f64
  return %s : f64
}

func.func @main(%x: tensor<3xf64>, %w: tensor<3xf64>) -> (f64, f64, f64, tensor<3xf64>, tensor<3xf64>, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %t = call @tangent() : () -> tensor<6xf64>
  %tx = tensor.extract_slice %t[0] [3] [1] : tensor<6xf64> to tensor<3xf64>
  %tw = tensor.extract_slice %t[3] [3] [1] : tensor<6xf64> to tensor<3xf64>
  %r:3, %jt:3 = gradient.jvp "auto" @several(%x, %w) tangents(%tx, %tw)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> (f64, f64, f64, f64, f64, f64)
  %g = call @cotangent() : () -> tensor<3xf64>
  %g0 = tensor.extract %g[%c0] : tensor<3xf64>
  %g1 = tensor.extract %g[%c1] : tensor<3xf64>
  %g2 = tensor.extract %g[%c2] : tensor<3xf64>
  %s:3, %gx, %gw = gradient.vjp "auto" @several(%x, %w) cotangents(%g0, %g1, %g2)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (tensor<3xf64>, tensor<3xf64>, f64, f64, f64) -> (f64, f64, f64, tensor<3xf64>, tensor<3xf64>)

  %j = call @jacobian_analytic(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3x6xf64>
  %point = call @join(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> tensor<?xf64>

  // jvp: J t, and (R(p + h t) - R(p - h t)) / 2h.
  %td = tensor.cast %t : tensor<6xf64> to tensor<?xf64>
  %jvp_analytic = call @contract(%j, %td, %true) : (tensor<3x6xf64>, tensor<?xf64>, i1) -> tensor<?xf64>
  %h = arith.constant 1.0e-5 : f64
  %mh = arith.constant -1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %up = call @results_along(%point, %h) : (tensor<?xf64>, f64) -> tensor<?xf64>
  %down = call @results_along(%point, %mh) : (tensor<?xf64>, f64) -> tensor<?xf64>
  %jvp_fd = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %up) -> (tensor<?xf64>) {
    %u = tensor.extract %up[%k] : tensor<?xf64>
    %d = tensor.extract %down[%k] : tensor<?xf64>
    %diff = arith.subf %u, %d : f64
    %q = arith.divf %diff, %two_h : f64
    %acc1 = tensor.insert %q into %acc[%k] : tensor<?xf64>
    scf.yield %acc1 : tensor<?xf64>
  }
  %jvp = tensor.from_elements %jt#0, %jt#1, %jt#2 : tensor<3xf64>
  %jvp_exact = tensor.cast %jvp : tensor<3xf64> to tensor<?xf64>
  %jvp_ok = call @check_all(%jvp_exact, %jvp_analytic, %jvp_fd) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1

  // vjp: g J, and the gradient of g . R by central differences.
  %gd = tensor.cast %g : tensor<3xf64> to tensor<?xf64>
  %vjp_analytic = call @contract(%j, %gd, %false) : (tensor<3x6xf64>, tensor<?xf64>, i1) -> tensor<?xf64>
  %f = func.constant @weighted_flat : (memref<?xf64>) -> f64
  %vjp_fd = call @central_fd_n(%f, %point) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
  %vjp_exact = call @join(%gx, %gw) : (tensor<3xf64>, tensor<3xf64>) -> tensor<?xf64>
  %vjp_ok = call @check_all(%vjp_exact, %vjp_analytic, %vjp_fd) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1

  %ok = arith.andi %jvp_ok, %vjp_ok : i1
  return %jt#0, %jt#1, %jt#2, %gx, %gw, %ok : f64, f64, f64, tensor<3xf64>, tensor<3xf64>, i1
}
