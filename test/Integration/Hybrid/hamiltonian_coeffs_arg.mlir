// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.7 '[0.3, -1.2]' | FileCheck %s
// RUN: sed 's/diff_method = "parameter-shift"/diff_method = "adjoint"/' %t.mlir > %t.adj.mlir
// RUN: qgrad run %t.adj.mlir 0.7 '[0.3, -1.2]' | FileCheck %s
// Hamiltonian coefficients that are a differentiated qnode argument:
// RY(x), H = c0 Z + c1 X, E = c0 cos x + c1 sin x, so
//   dE/dx = c1 cos x - c0 sin x,  dE/dc = [cos x, sin x]
// (the qnode is measured term by term and the coefficients contracted with
// the terms in differentiable classical code), by parameter shift and by the
// adjoint method.
// CHECK:      {{^}}-1.11107593091
// CHECK-NEXT: {{^}}[0.764842187284{{[0-9]*}}, 0.644217687237{{[0-9]*}}]
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64, %coeffs: tensor<2xf64>) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %xo = quantum.namedobs %q1[PauliX] : !quantum.obs
  %h = quantum.hamiltonian(%coeffs : tensor<2xf64>) %z, %xo : !quantum.obs
  %e = quantum.expval %h : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64, %c: tensor<2xf64>) -> (f64, tensor<2xf64>, i1) {
  %g:2 = gradient.grad "auto" @circuit(%x, %c) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, tensor<2xf64>) -> (f64, tensor<2xf64>)
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %c0 = tensor.extract %c[%i0] : tensor<2xf64>
  %c1 = tensor.extract %c[%i1] : tensor<2xf64>
  %s = math.sin %x : f64
  %k = math.cos %x : f64
  %t0 = arith.mulf %c0, %s : f64
  %t1 = arith.mulf %c1, %k : f64
  %ax = arith.subf %t1, %t0 : f64
  %v = tensor.from_elements %c0, %c1, %x : tensor<3xf64>
  %vd = tensor.cast %v : tensor<3xf64> to tensor<?xf64>
  %f = func.constant @circuit_dyn : (memref<?xf64>) -> f64
  %fe = call @central_fd_n(%f, %vd) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
  %gc0 = tensor.extract %g#1[%i0] : tensor<2xf64>
  %gc1 = tensor.extract %g#1[%i1] : tensor<2xf64>
  %exact = tensor.from_elements %gc0, %gc1, %g#0 : tensor<3xf64>
  %analytic = tensor.from_elements %k, %s, %ax : tensor<3xf64>
  %ee = tensor.cast %exact : tensor<3xf64> to tensor<?xf64>
  %ae = tensor.cast %analytic : tensor<3xf64> to tensor<?xf64>
  %ok = call @check_all(%ee, %ae, %fe) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  return %g#0, %g#1, %ok : f64, tensor<2xf64>, i1
}

// (c0, c1, x) in one buffer, for the shared central differences.
func.func @circuit_dyn(%buffer: memref<?xf64>) -> f64 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %c0 = memref.load %buffer[%i0] : memref<?xf64>
  %c1 = memref.load %buffer[%i1] : memref<?xf64>
  %x = memref.load %buffer[%i2] : memref<?xf64>
  %c = tensor.from_elements %c0, %c1 : tensor<2xf64>
  %e = call @circuit(%x, %c) : (f64, tensor<2xf64>) -> f64
  return %e : f64
}
