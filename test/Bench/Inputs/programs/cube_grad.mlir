// d/dx x^3 = 3 x^2, for the harness's own test.
// BENCH: cube-grad --entry derivative 2.0
func.func private @cube(%x: f64) -> f64 {
  %x2 = arith.mulf %x, %x : f64
  %x3 = arith.mulf %x2, %x : f64
  return %x3 : f64
}
func.func @derivative(%x: f64) -> f64 {
  %g = gradient.grad "auto" @cube(%x) : (f64) -> f64
  return %g : f64
}
