// A numerically stable softmax over a tensor of any length (dynamic shape):
// scf.for reductions over tensor.extract, then linalg.generic.
//   qgrad run examples/softmax.mlir '[1, 2, 3]'
func.func @main(%v: tensor<?xf64>) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %v, %c0 : tensor<?xf64>
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %max = scf.for %i = %c0 to %n step %c1 iter_args(%m = %ninf) -> (f64) {
    %e = tensor.extract %v[%i] : tensor<?xf64>
    %m1 = arith.maximumf %m, %e : f64
    scf.yield %m1 : f64
  }
  %zero = arith.constant 0.0 : f64
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> (f64) {
    %e = tensor.extract %v[%i] : tensor<?xf64>
    %d = arith.subf %e, %max : f64
    %x = math.exp %d : f64
    %s1 = arith.addf %s, %x : f64
    scf.yield %s1 : f64
  }
  %init = tensor.empty(%n) : tensor<?xf64>
  %out = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
      ins(%v : tensor<?xf64>) outs(%init : tensor<?xf64>) {
    ^bb0(%in: f64, %o: f64):
      %d = arith.subf %in, %max : f64
      %x = math.exp %d : f64
      %p = arith.divf %x, %total : f64
      linalg.yield %p : f64
  } -> tensor<?xf64>
  return %out : tensor<?xf64>
}
