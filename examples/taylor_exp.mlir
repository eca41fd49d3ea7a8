// exp(x) by its Taylor series with n terms: an scf.for loop carrying the
// running term and sum.  qgrad run examples/taylor_exp.mlir 1.0 20
func.func @main(%x: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %count = arith.index_cast %n : i64 to index
  %sum:2 = scf.for %i = %c1 to %count step %c1
      iter_args(%term = %one, %acc = %one) -> (f64, f64) {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %scaled = arith.mulf %term, %x : f64
    %next = arith.divf %scaled, %fi : f64
    %acc1 = arith.addf %acc, %next : f64
    scf.yield %next, %acc1 : f64, f64
  }
  return %sum#1 : f64
}
