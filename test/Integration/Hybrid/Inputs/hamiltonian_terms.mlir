// Appended (after check.mlir) by the hamiltonian_coeffs_*.mlir programs: a
// qnode whose Hamiltonian coefficients are computed from an argument, and the
// closed forms to check its derivatives against.
//
// The circuit: RY(p) RX(q) on wire 0, RX(b) on wire 1, CNOT(0, 1), with
// (p, q, b) = x. Before the CNOT the wires are product states with Bloch
// vectors (sin p, -cos p sin q, cos p cos q) and (0, -sin b, cos b); through
// the CNOT (Heisenberg picture) Z0 stays, X0 Z1 -> -Y0 Y1, Y1 -> Z0 Y1 and
// Z1 -> Z0 Z1, so
//   A = <Z0>    = cos p cos q
//   B = <X0 Z1> = -cos p sin q sin b
//   C = <Y1>    = -cos p cos q sin b
//   D = <Z1>    = cos p cos q cos b
// @energy measures H = c0 Z0 + c1 X0 Z1 + c2 Y1 with c = 2 w + sin(w)
// computed inside the qnode: E = c0 A + c1 B + c2 C,
//   dE/dw_i = (2 + cos w_i) T_i,  dE/dx_j = sum_i c_i dT_i/dx_j
// for T = (A, B, C). Programs replace diff_method by sed.

func.func @energy(%x: tensor<3xf64>, %w: tensor<3xf64>) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %c = call @coefficients(%w) : (tensor<3xf64>) -> tensor<3xf64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %p = tensor.extract %x[%i0] : tensor<3xf64>
  %q = tensor.extract %x[%i1] : tensor<3xf64>
  %b = tensor.extract %x[%i2] : tensor<3xf64>
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
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %ab#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

// c = 2 w + sin(w), element by element (called from inside the qnode).
func.func private @coefficients(%w: tensor<3xf64>) -> tensor<3xf64> {
  %two = arith.constant 2.0 : f64
  %init = tensor.empty() : tensor<3xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<3xf64>) {
    %wi = tensor.extract %w[%i] : tensor<3xf64>
    %twice = arith.mulf %two, %wi : f64
    %s = math.sin %wi : f64
    %ci = arith.addf %twice, %s : f64
    %acc1 = tensor.insert %ci into %acc[%i] : tensor<3xf64>
    scf.yield %acc1 : tensor<3xf64>
  }
  return %c : tensor<3xf64>
}

// (A, B, C, D) and their derivatives with respect to (p, q, b), row by row.
func.func private @terms(%x: tensor<3xf64>) -> (tensor<4xf64>, tensor<4x3xf64>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f64
  %p = tensor.extract %x[%i0] : tensor<3xf64>
  %q = tensor.extract %x[%i1] : tensor<3xf64>
  %b = tensor.extract %x[%i2] : tensor<3xf64>
  %sp = math.sin %p : f64
  %cp = math.cos %p : f64
  %sq = math.sin %q : f64
  %cq = math.cos %q : f64
  %sb = math.sin %b : f64
  %cb = math.cos %b : f64
  %nsp = arith.negf %sp : f64
  %ncp = arith.negf %cp : f64
  // A = cp cq
  %a = arith.mulf %cp, %cq : f64
  %a_p = arith.mulf %nsp, %cq : f64
  %a_q = arith.mulf %ncp, %sq : f64
  // B = -cp sq sb
  %ncp_sq = arith.mulf %ncp, %sq : f64
  %bb = arith.mulf %ncp_sq, %sb : f64
  %sp_sq = arith.mulf %sp, %sq : f64
  %b_p = arith.mulf %sp_sq, %sb : f64
  %ncp_cq = arith.mulf %ncp, %cq : f64
  %b_q = arith.mulf %ncp_cq, %sb : f64
  %b_b = arith.mulf %ncp_sq, %cb : f64
  // C = -cp cq sb
  %cc = arith.mulf %ncp_cq, %sb : f64
  %sp_cq = arith.mulf %sp, %cq : f64
  %c_p = arith.mulf %sp_cq, %sb : f64
  %cp_sq = arith.mulf %cp, %sq : f64
  %c_q = arith.mulf %cp_sq, %sb : f64
  %c_b = arith.mulf %ncp_cq, %cb : f64
  // D = cp cq cb
  %d = arith.mulf %a, %cb : f64
  %d_p = arith.mulf %a_p, %cb : f64
  %d_q = arith.mulf %a_q, %cb : f64
  %nsb = arith.negf %sb : f64
  %d_b = arith.mulf %a, %nsb : f64
  %values = tensor.from_elements %a, %bb, %cc, %d : tensor<4xf64>
  %slopes = tensor.from_elements %a_p, %a_q, %zero, %b_p, %b_q, %b_b,
                                 %c_p, %c_q, %c_b, %d_p, %d_q, %d_b : tensor<4x3xf64>
  return %values, %slopes : tensor<4xf64>, tensor<4x3xf64>
}

// E and its gradients (dE/dx, dE/dw) in closed form.
func.func private @energy_analytic(%x: tensor<3xf64>, %w: tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<3xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %t, %dt = call @terms(%x) : (tensor<3xf64>) -> (tensor<4xf64>, tensor<4x3xf64>)
  %c = call @coefficients(%w) : (tensor<3xf64>) -> tensor<3xf64>
  %init = tensor.empty() : tensor<3xf64>
  %e, %gw = scf.for %i = %c0 to %c3 step %c1 iter_args(%sum = %zero, %acc = %init) -> (f64, tensor<3xf64>) {
    %ci = tensor.extract %c[%i] : tensor<3xf64>
    %ti = tensor.extract %t[%i] : tensor<4xf64>
    %wi = tensor.extract %w[%i] : tensor<3xf64>
    %term = arith.mulf %ci, %ti : f64
    %sum1 = arith.addf %sum, %term : f64
    %cw = math.cos %wi : f64
    %dc = arith.addf %two, %cw : f64
    %g = arith.mulf %dc, %ti : f64
    %acc1 = tensor.insert %g into %acc[%i] : tensor<3xf64>
    scf.yield %sum1, %acc1 : f64, tensor<3xf64>
  }
  %gx = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<3xf64>) {
    %gj = scf.for %i = %c0 to %c3 step %c1 iter_args(%sum = %zero) -> (f64) {
      %ci = tensor.extract %c[%i] : tensor<3xf64>
      %dtij = tensor.extract %dt[%i, %j] : tensor<4x3xf64>
      %term = arith.mulf %ci, %dtij : f64
      %sum1 = arith.addf %sum, %term : f64
      scf.yield %sum1 : f64
    }
    %acc1 = tensor.insert %gj into %acc[%j] : tensor<3xf64>
    scf.yield %acc1 : tensor<3xf64>
  }
  return %e, %gx, %gw : f64, tensor<3xf64>, tensor<3xf64>
}

// (x, w) from one buffer of 6, for the shared central differences.
func.func private @split_point(%buffer: memref<?xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i4 = arith.constant 4 : index
  %i5 = arith.constant 5 : index
  %x0 = memref.load %buffer[%i0] : memref<?xf64>
  %x1 = memref.load %buffer[%i1] : memref<?xf64>
  %x2 = memref.load %buffer[%i2] : memref<?xf64>
  %w0 = memref.load %buffer[%i3] : memref<?xf64>
  %w1 = memref.load %buffer[%i4] : memref<?xf64>
  %w2 = memref.load %buffer[%i5] : memref<?xf64>
  %x = tensor.from_elements %x0, %x1, %x2 : tensor<3xf64>
  %w = tensor.from_elements %w0, %w1, %w2 : tensor<3xf64>
  return %x, %w : tensor<3xf64>, tensor<3xf64>
}

// The point (x, w) as one tensor of 6, and two gradients as one.
func.func private @join(%x: tensor<3xf64>, %w: tensor<3xf64>) -> tensor<?xf64> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %x0 = tensor.extract %x[%i0] : tensor<3xf64>
  %x1 = tensor.extract %x[%i1] : tensor<3xf64>
  %x2 = tensor.extract %x[%i2] : tensor<3xf64>
  %w0 = tensor.extract %w[%i0] : tensor<3xf64>
  %w1 = tensor.extract %w[%i1] : tensor<3xf64>
  %w2 = tensor.extract %w[%i2] : tensor<3xf64>
  %joined = tensor.from_elements %x0, %x1, %x2, %w0, %w1, %w2 : tensor<6xf64>
  %dynamic = tensor.cast %joined : tensor<6xf64> to tensor<?xf64>
  return %dynamic : tensor<?xf64>
}
