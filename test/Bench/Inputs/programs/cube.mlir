// A tiny suite for the harness's own test: x^3 here, its derivative in
// cube_grad.mlir (a module with a gradient runs the AD stages).
// BENCH: cube --entry value 2.0
func.func @value(%x: f64) -> f64 {
  %x2 = arith.mulf %x, %x : f64
  %x3 = arith.mulf %x2, %x : f64
  return %x3 : f64
}
