func.func @f(%v: tensor<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %v[%c0] : tensor<2xf64>
  %b = tensor.extract %v[%c1] : tensor<2xf64>
  %r = arith.mulf %a, %b : f64
  return %r : f64
}
func.func @main(%v: tensor<2xf64>) -> tensor<2xf64> {
  %g = gradient.grad "auto" @f(%v) : (tensor<2xf64>) -> tensor<2xf64>
  return %g : tensor<2xf64>
}
