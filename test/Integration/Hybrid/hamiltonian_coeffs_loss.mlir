// RUN: cat %s %S/Inputs/check.mlir %S/Inputs/hamiltonian_terms.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.4, -0.9, 1.3]' '[0.3, -0.5, 0.8]' | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir '[0.4, -0.9, 1.3]' '[0.3, -0.5, 0.8]' | FileCheck %s
// value_and_grad of a loss outside the qnode, L = cos(E), where E = <H> and
// the qnode computes H's coefficients from w (Inputs/hamiltonian_terms.mlir):
// dL = -sin(E) dE through the gate angles x and the coefficients, by the
// adjoint method and by parameter shift.
// CHECK:      {{^}}-0.221554222335
// CHECK-NEXT: {{^}}[0.739725303134{{[0-9]*}}, -0.145053302259{{[0-9]*}}, -0.624522631482{{[0-9]*}}]
// CHECK-NEXT: {{^}}[1.649999662261{{[0-9]*}}, 1.95077747925{{[0-9]*}}, -1.45073664095{{[0-9]*}}]
// CHECK-NEXT: {{^}}true

func.func @loss(%x: tensor<3xf64>, %w: tensor<3xf64>) -> f64 {
  %e = call @energy(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> f64
  %l = math.cos %e : f64
  return %l : f64
}

func.func @main(%x: tensor<3xf64>, %w: tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<3xf64>, i1) {
  %l, %gx, %gw = gradient.value_and_grad "auto" @loss(%x, %w) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (tensor<3xf64>, tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<3xf64>)
  %e, %ex, %ew = call @energy_analytic(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<3xf64>)
  // dL = -sin(E) dE, element by element over (x, w).
  %de = call @join(%ex, %ew) : (tensor<3xf64>, tensor<3xf64>) -> tensor<?xf64>
  %s = math.sin %e : f64
  %scale = arith.negf %s : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %analytic = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %de) -> (tensor<?xf64>) {
    %d = tensor.extract %acc[%i] : tensor<?xf64>
    %g = arith.mulf %scale, %d : f64
    %acc1 = tensor.insert %g into %acc[%i] : tensor<?xf64>
    scf.yield %acc1 : tensor<?xf64>
  }
  %point = call @join(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> tensor<?xf64>
  %f = func.constant @loss_flat : (memref<?xf64>) -> f64
  %fd = call @central_fd_n(%f, %point) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
  %exact = call @join(%gx, %gw) : (tensor<3xf64>, tensor<3xf64>) -> tensor<?xf64>
  %grads_ok = call @check_all(%exact, %analytic, %fd) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  // The value is the loss itself: cos(E), to the same 1e-10.
  %cos_e = math.cos %e : f64
  %tight = arith.constant 1.0e-10 : f64
  %value_ok = call @close_to(%l, %cos_e, %tight) : (f64, f64, f64) -> i1
  %ok = arith.andi %grads_ok, %value_ok : i1
  return %l, %gx, %gw, %ok : f64, tensor<3xf64>, tensor<3xf64>, i1
}

func.func private @loss_flat(%buffer: memref<?xf64>) -> f64 {
  %x, %w = call @split_point(%buffer) : (memref<?xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  %l = call @loss(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> f64
  return %l : f64
}
