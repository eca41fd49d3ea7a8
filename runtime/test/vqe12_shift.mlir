// The VQE of vqe12_adjoint.mlir differentiated by the parameter-shift rule:
// 96 shifted evaluations of the 12-qubit circuit, one Jacobian column per
// gate parameter. Under `mpirun -np 4 qgrad run --mpi` the columns are
// spread over the ranks (each evaluates whole 12-qubit registers) and
// gathered, so runtime/test/mpi_driver.py expects the gradient of one
// process bit for bit (ctest driver.mpi.vqe12-shift); with
// QGRAD_RT_MPI_SPREAD_QUBITS=0 every rank evaluates every column on the
// distributed register instead (driver.mpi.vqe12-shift-together).

func.func private @energy_shift(%params: tensor<2x12x2xf64>) -> f64
    attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cL = arith.constant 2 : index
  %cW = arith.constant 12 : index
  %cPairs = arith.constant 11 : index
  %r0 = quantum.alloc( 12) : !quantum.reg
  %rf = scf.for %l = %c0 to %cL step %c1 iter_args(%r = %r0) -> (!quantum.reg) {
    %rot = scf.for %w = %c0 to %cW step %c1 iter_args(%ra = %r) -> (!quantum.reg) {
      %wi = arith.index_cast %w : index to i64
      %q = quantum.extract %ra[%wi] : !quantum.reg -> !quantum.bit
      %ty = tensor.extract %params[%l, %w, %c0] : tensor<2x12x2xf64>
      %tz = tensor.extract %params[%l, %w, %c1] : tensor<2x12x2xf64>
      %q1 = quantum.custom "RY"(%ty) %q : !quantum.bit
      %q2 = quantum.custom "RZ"(%tz) %q1 : !quantum.bit
      %rb = quantum.insert %ra[%wi], %q2 : !quantum.reg, !quantum.bit
      scf.yield %rb : !quantum.reg
    }
    %chain = scf.for %w = %c0 to %cPairs step %c1 iter_args(%ra = %rot) -> (!quantum.reg) {
      %wi = arith.index_cast %w : index to i64
      %one = arith.constant 1 : i64
      %wj = arith.addi %wi, %one : i64
      %a = quantum.extract %ra[%wi] : !quantum.reg -> !quantum.bit
      %b = quantum.extract %ra[%wj] : !quantum.reg -> !quantum.bit
      %ab:2 = quantum.custom "CNOT"() %a, %b : !quantum.bit, !quantum.bit
      %ra1 = quantum.insert %ra[%wi], %ab#0 : !quantum.reg, !quantum.bit
      %ra2 = quantum.insert %ra1[%wj], %ab#1 : !quantum.reg, !quantum.bit
      scf.yield %ra2 : !quantum.reg
    }
    scf.yield %chain : !quantum.reg
  }
  %q0 = quantum.extract %rf[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %rf[ 1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %rf[ 2] : !quantum.reg -> !quantum.bit
  %q3 = quantum.extract %rf[ 3] : !quantum.reg -> !quantum.bit
  %q4 = quantum.extract %rf[ 4] : !quantum.reg -> !quantum.bit
  %q5 = quantum.extract %rf[ 5] : !quantum.reg -> !quantum.bit
  %z0 = quantum.namedobs %q0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %z2 = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %z3 = quantum.namedobs %q3[PauliZ] : !quantum.obs
  %z4 = quantum.namedobs %q4[PauliZ] : !quantum.obs
  %z5 = quantum.namedobs %q5[PauliZ] : !quantum.obs
  %x0 = quantum.namedobs %q0[PauliX] : !quantum.obs
  %x1 = quantum.namedobs %q1[PauliX] : !quantum.obs
  %x2 = quantum.namedobs %q2[PauliX] : !quantum.obs
  %x3 = quantum.namedobs %q3[PauliX] : !quantum.obs
  %x4 = quantum.namedobs %q4[PauliX] : !quantum.obs
  %x5 = quantum.namedobs %q5[PauliX] : !quantum.obs
  %y0 = quantum.namedobs %q0[PauliY] : !quantum.obs
  %y1 = quantum.namedobs %q1[PauliY] : !quantum.obs
  %zz01 = quantum.tensor %z0, %z1 : !quantum.obs
  %zz12 = quantum.tensor %z1, %z2 : !quantum.obs
  %zz23 = quantum.tensor %z2, %z3 : !quantum.obs
  %zz34 = quantum.tensor %z3, %z4 : !quantum.obs
  %zz45 = quantum.tensor %z4, %z5 : !quantum.obs
  %yy01 = quantum.tensor %y0, %y1 : !quantum.obs
  %coeffs = arith.constant dense<[1.0, 0.9, 1.1, 0.8, 1.2, 0.5, 0.4, 0.6, 0.3, 0.7, 0.45, 0.25]> : tensor<12xf64>
  %h = quantum.hamiltonian(%coeffs : tensor<12xf64>) %zz01, %zz12, %zz23, %zz34, %zz45, %x0, %x1, %x2, %x3, %x4, %x5, %yy01 : !quantum.obs
  %e = quantum.expval %h : f64
  %r1 = quantum.insert %rf[ 0], %q0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %q1 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %q2 : !quantum.reg, !quantum.bit
  %r4 = quantum.insert %r3[ 3], %q3 : !quantum.reg, !quantum.bit
  %r5 = quantum.insert %r4[ 4], %q4 : !quantum.reg, !quantum.bit
  %r6 = quantum.insert %r5[ 5], %q5 : !quantum.reg, !quantum.bit
  quantum.dealloc %r6 : !quantum.reg
  return %e : f64
}

func.func @main(%params: tensor<2x12x2xf64>) -> tensor<2x12x2xf64> {
  %g = gradient.grad "auto" @energy_shift(%params) : (tensor<2x12x2xf64>) -> tensor<2x12x2xf64>
  return %g : tensor<2x12x2xf64>
}
