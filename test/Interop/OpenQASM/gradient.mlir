// The inputs of an imported circuit are differentiable arguments of its
// qnode: the Jacobian of gate_definitions.qasm's probabilities with respect
// to theta and phi, by parameter shift through the classical expressions,
// against central differences of the numpy reference (Inputs/expected.py).
// RUN: qgrad-translate --import-openqasm %S/gate_definitions.qasm | sed '1d;$d' > %t.body.mlir
// RUN: cat %t.body.mlir %s > %t.mlir
// RUN: qgrad run %t.mlir --entry jacobian 0.8 -0.35 | FileCheck %s
// CHECK:      {{^}}[-0.07482349{{[0-9]*}}, -0.05580033{{[0-9]*}}, 0.07212350{{[0-9]*}}, 0.05850033{{[0-9]*}}]
// CHECK-NEXT: {{^}}[-0.24072243{{[0-9]*}}, 0.02004082{{[0-9]*}}, 0.14596737{{[0-9]*}}, 0.07471423{{[0-9]*}}]

func.func @jacobian(%theta: f64, %phi: f64) -> (tensor<4xf64>, tensor<4xf64>) {
  %dt, %dp = gradient.grad "auto" @circuit(%theta, %phi)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64) -> (tensor<4xf64>, tensor<4xf64>)
  return %dt, %dp : tensor<4xf64>, tensor<4xf64>
}
