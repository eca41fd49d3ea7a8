// Parses, but does not verify: the return has too few operands.
func.func @main(%x: f64) -> (f64, f64) {
  %y = arith.addf %x, %x : f64
  return %y : f64
}
