func.func @norm(%x: f64, %y: f64) -> f64 {
  %xx = arith.mulf %x, %x : f64
  %yy = arith.mulf %y, %y : f64
  %s = arith.addf %xx, %yy : f64
  %r = math.sqrt %s : f64
  return %r : f64
}
func.func @scale(%v: tensor<3xf64>, %s: f64) -> tensor<3xf64> {
  %init = tensor.empty() : tensor<3xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%v : tensor<3xf64>) outs(%init : tensor<3xf64>) {
    ^bb0(%in: f64, %o: f64):
      %m = arith.mulf %in, %s : f64
      linalg.yield %m : f64
  } -> tensor<3xf64>
  return %r : tensor<3xf64>
}
