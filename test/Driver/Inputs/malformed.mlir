// A syntax error on line 5: arith.addf needs two operands.
func.func @main() -> f64 {
  %x = arith.constant 1.0 : f64
  // The next line is wrong.
  %y = arith.addf %x : f64
  return %y : f64
}
