// y = A x + b with linalg on tensors, and the norm of y by a reduction.
//   qgrad run examples/matvec.mlir '[[1,2],[3,4]]' '[1,1]' '[0.5,-0.5]'
func.func @main(%a: tensor<2x2xf64>, %x: tensor<2xf64>, %b: tensor<2xf64>)
    -> (tensor<2xf64>, f64) {
  %ax = linalg.matvec ins(%a, %x : tensor<2x2xf64>, tensor<2xf64>)
                      outs(%b : tensor<2xf64>) -> tensor<2xf64>
  %zero = arith.constant 0.0 : f64
  %init = tensor.from_elements %zero : tensor<f64>
  %sq = linalg.reduce ins(%ax : tensor<2xf64>) outs(%init : tensor<f64>)
      dimensions = [0]
      (%in: f64, %acc: f64) {
        %p = arith.mulf %in, %in : f64
        %s = arith.addf %p, %acc : f64
        linalg.yield %s : f64
      }
  %v = tensor.extract %sq[] : tensor<f64>
  %norm = math.sqrt %v : f64
  return %ax, %norm : tensor<2xf64>, f64
}
