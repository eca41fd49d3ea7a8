// sin(x) * x: the smallest program that exercises parsing, lowering, LLVM's
// optimiser and the JIT.  qgrad run examples/sin_times_x.mlir 0.5
func.func @main(%x: f64) -> f64 {
  %s = math.sin %x : f64
  %r = arith.mulf %s, %x : f64
  return %r : f64
}
