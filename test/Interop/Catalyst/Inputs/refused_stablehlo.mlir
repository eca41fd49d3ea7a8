func.func public @jit_f(%arg0: tensor<f64>) -> tensor<f64> {
  %0 = stablehlo.sine %arg0 : tensor<f64>
  return %0 : tensor<f64>
}
