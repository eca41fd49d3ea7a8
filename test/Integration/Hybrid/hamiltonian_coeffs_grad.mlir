// RUN: cat %s %S/Inputs/check.mlir %S/Inputs/hamiltonian_terms.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.4, -0.9, 1.3]' '[0.3, -0.5, 0.8]' | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir '[0.4, -0.9, 1.3]' '[0.3, -0.5, 0.8]' | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "best"/' %t.mlir > %t.best.mlir
// RUN: qgrad run %t.best.mlir '[0.4, -0.9, 1.3]' '[0.3, -0.5, 0.8]' | FileCheck %s
// The gradient of <H> with respect to the gate angles x and to w, from which
// the qnode computes H's coefficients c = 2 w + sin(w)
// (Inputs/hamiltonian_terms.mlir): dE/dw_i = (2 + cos w_i) <T_i>, by the
// adjoint method, parameter shift and "best", against the closed form and
// central differences.
// CHECK:      {{^}}[0.758577428683{{[0-9]*}}, -0.148750030023{{[0-9]*}}, -0.640438781717{{[0-9]*}}]
// CHECK-NEXT: {{^}}[1.692050408203{{[0-9]*}}, 2.00049363983{{[0-9]*}}, -1.48770910786{{[0-9]*}}]
// CHECK-NEXT: {{^}}true

func.func @main(%x: tensor<3xf64>, %w: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>, i1) {
  %gx, %gw = gradient.grad "auto" @energy(%x, %w) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (tensor<3xf64>, tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  %e, %ax, %aw = call @energy_analytic(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> (f64, tensor<3xf64>, tensor<3xf64>)
  %point = call @join(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> tensor<?xf64>
  %f = func.constant @energy_flat : (memref<?xf64>) -> f64
  %fd = call @central_fd_n(%f, %point) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
  %exact = call @join(%gx, %gw) : (tensor<3xf64>, tensor<3xf64>) -> tensor<?xf64>
  %analytic = call @join(%ax, %aw) : (tensor<3xf64>, tensor<3xf64>) -> tensor<?xf64>
  %ok = call @check_all(%exact, %analytic, %fd) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  return %gx, %gw, %ok : tensor<3xf64>, tensor<3xf64>, i1
}

func.func private @energy_flat(%buffer: memref<?xf64>) -> f64 {
  %x, %w = call @split_point(%buffer) : (memref<?xf64>) -> (tensor<3xf64>, tensor<3xf64>)
  %e = call @energy(%x, %w) : (tensor<3xf64>, tensor<3xf64>) -> f64
  return %e : f64
}
