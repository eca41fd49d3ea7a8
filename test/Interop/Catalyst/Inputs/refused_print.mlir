func.func public @jit_f(%arg0: tensor<f64>) -> tensor<f64> {
  catalyst.print %arg0 : tensor<f64>
  return %arg0 : tensor<f64>
}
