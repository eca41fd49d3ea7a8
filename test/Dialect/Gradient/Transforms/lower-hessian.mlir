// RUN: qgrad-opt %s --qgrad-lower-gradients | FileCheck %s
// gradient.hessian is the Jacobian of the gradient: a private function
// returning grad @f, inlined before AD, differentiated by grad again; the
// inner derivative is lowered as one that is differentiated (.dps2).

func.func @f(%x: f64, %y: f64) -> f64 {
  %p = arith.mulf %x, %y : f64
  %s = math.sin %p : f64
  return %s : f64
}

// CHECK-LABEL: func.func private @f.gradient.auto.0.1(
// CHECK-SAME:    -> (f64, f64) attributes {passthrough = ["alwaysinline"]}
// CHECK:         gradient.backprop @f.dps2(
// CHECK-LABEL: func.func @hess(
// CHECK-NOT:     gradient.hessian
// CHECK:         gradient.backprop @f.gradient.auto.0.1.dps(
func.func @hess(%x: f64, %y: f64) -> (f64, f64, f64, f64) {
  %a, %b, %c, %d = gradient.hessian "auto" @f(%x, %y)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64) -> (f64, f64, f64, f64)
  return %a, %b, %c, %d : f64, f64, f64, f64
}
