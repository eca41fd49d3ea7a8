// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.3, -0.6, 1.2, 0.45]' | FileCheck %s
// A VQE-like ansatz on four qubits, parameter shift: RY(t_k) on wire k, a CNOT
// ladder 0-1, 1-2, 2-3, and H = 0.5 Z0 + 0.3 Z0 Z1 - 0.2 Z3 + 0.8 X3.
// Through the ladder Z0 stays, Z0 Z1 -> Z1, Z3 -> Z0 Z1 Z2 Z3, X3 stays, so
//   E = 0.5 c0 + 0.3 c1 - 0.2 c0 c1 c2 c3 + 0.8 s3  (c_k = cos t_k, s_k = sin t_k)
// and the gradient is
//   [-0.5 s0 + 0.2 s0 c1 c2 c3, -0.3 s1 + 0.2 c0 s1 c2 c3,
//    0.2 c0 c1 s2 c3, 0.2 c0 c1 c2 s3 + 0.8 c3].
// CHECK: {{^}}[-0.131843751589{{[0-9]*}}, 0.134191687844{{[0-9]*}}, 0.132345530148{{[0-9]*}}, 0.745212429246{{[0-9]*}}]
// CHECK-NEXT: {{^}}true

func.func @circuit(%t: tensor<4xf64>) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %coeffs = arith.constant dense<[0.5, 0.3, -0.2, 0.8]> : tensor<4xf64>
  %t0 = tensor.extract %t[%c0] : tensor<4xf64>
  %t1 = tensor.extract %t[%c1] : tensor<4xf64>
  %t2 = tensor.extract %t[%c2] : tensor<4xf64>
  %t3 = tensor.extract %t[%c3] : tensor<4xf64>
  %r = quantum.alloc( 4) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %c0q = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %d0 = quantum.extract %r[ 3] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%t0) %a0 : !quantum.bit
  %b1 = quantum.custom "RY"(%t1) %b0 : !quantum.bit
  %c1q = quantum.custom "RY"(%t2) %c0q : !quantum.bit
  %d1 = quantum.custom "RY"(%t3) %d0 : !quantum.bit
  %ab:2 = quantum.custom "CNOT"() %a1, %b1 : !quantum.bit, !quantum.bit
  %bc:2 = quantum.custom "CNOT"() %ab#1, %c1q : !quantum.bit, !quantum.bit
  %cd:2 = quantum.custom "CNOT"() %bc#1, %d1 : !quantum.bit, !quantum.bit
  %z0 = quantum.namedobs %ab#0[PauliZ] : !quantum.obs
  %z0b = quantum.namedobs %ab#0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %bc#0[PauliZ] : !quantum.obs
  %z01 = quantum.tensor %z0b, %z1 : !quantum.obs
  %z3 = quantum.namedobs %cd#1[PauliZ] : !quantum.obs
  %x3 = quantum.namedobs %cd#1[PauliX] : !quantum.obs
  %ham = quantum.hamiltonian(%coeffs : tensor<4xf64>) %z0, %z01, %z3, %x3 : !quantum.obs
  %e = quantum.expval %ham : f64
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %bc#0 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %cd#0 : !quantum.reg, !quantum.bit
  %r4 = quantum.insert %r3[ 3], %cd#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r4 : !quantum.reg
  return %e : f64
}

func.func @circuit_dyn(%buffer: memref<?xf64>) -> f64 {
  %v = bufferization.to_tensor %buffer restrict : memref<?xf64> to tensor<?xf64>
  %s = tensor.cast %v : tensor<?xf64> to tensor<4xf64>
  %e = call @circuit(%s) : (tensor<4xf64>) -> f64
  return %e : f64
}

func.func @analytic(%t: tensor<4xf64>) -> tensor<4xf64> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %k_z0 = arith.constant 0.5 : f64
  %k_z01 = arith.constant 0.3 : f64
  %k_z3 = arith.constant 0.2 : f64
  %k_x3 = arith.constant 0.8 : f64
  %t0 = tensor.extract %t[%i0] : tensor<4xf64>
  %t1 = tensor.extract %t[%i1] : tensor<4xf64>
  %t2 = tensor.extract %t[%i2] : tensor<4xf64>
  %t3 = tensor.extract %t[%i3] : tensor<4xf64>
  %c0 = math.cos %t0 : f64
  %c1 = math.cos %t1 : f64
  %c2 = math.cos %t2 : f64
  %c3 = math.cos %t3 : f64
  %s0 = math.sin %t0 : f64
  %s1 = math.sin %t1 : f64
  %s2 = math.sin %t2 : f64
  %s3 = math.sin %t3 : f64
  %c23 = arith.mulf %c2, %c3 : f64
  %c01 = arith.mulf %c0, %c1 : f64
  // d/dt0 = -0.5 s0 + 0.2 s0 c1 c2 c3
  %p0 = arith.mulf %s0, %c1 : f64
  %p0b = arith.mulf %p0, %c23 : f64
  %p0c = arith.mulf %k_z3, %p0b : f64
  %p0d = arith.mulf %k_z0, %s0 : f64
  %g0 = arith.subf %p0c, %p0d : f64
  // d/dt1 = -0.3 s1 + 0.2 c0 s1 c2 c3
  %p1 = arith.mulf %c0, %s1 : f64
  %p1b = arith.mulf %p1, %c23 : f64
  %p1c = arith.mulf %k_z3, %p1b : f64
  %p1d = arith.mulf %k_z01, %s1 : f64
  %g1 = arith.subf %p1c, %p1d : f64
  // d/dt2 = 0.2 c0 c1 s2 c3
  %p2 = arith.mulf %c01, %s2 : f64
  %p2b = arith.mulf %p2, %c3 : f64
  %g2 = arith.mulf %k_z3, %p2b : f64
  // d/dt3 = 0.2 c0 c1 c2 s3 + 0.8 c3
  %p3 = arith.mulf %c01, %c2 : f64
  %p3b = arith.mulf %p3, %s3 : f64
  %p3c = arith.mulf %k_z3, %p3b : f64
  %p3d = arith.mulf %k_x3, %c3 : f64
  %g3 = arith.addf %p3c, %p3d : f64
  %g = tensor.from_elements %g0, %g1, %g2, %g3 : tensor<4xf64>
  return %g : tensor<4xf64>
}

func.func @main(%t: tensor<4xf64>) -> (tensor<4xf64>, i1) {
  %g = gradient.grad "auto" @circuit(%t) : (tensor<4xf64>) -> tensor<4xf64>
  %f = func.constant @circuit_dyn : (memref<?xf64>) -> f64
  %td = tensor.cast %t : tensor<4xf64> to tensor<?xf64>
  %fe = call @central_fd_n(%f, %td) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
  %a = call @analytic(%t) : (tensor<4xf64>) -> tensor<4xf64>
  %ge = tensor.cast %g : tensor<4xf64> to tensor<?xf64>
  %ae = tensor.cast %a : tensor<4xf64> to tensor<?xf64>
  %ok = call @check_all(%ge, %ae, %fe) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  return %g, %ok : tensor<4xf64>, i1
}
