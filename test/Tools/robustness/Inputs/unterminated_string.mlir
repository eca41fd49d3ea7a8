func.func @main() -> f64 attributes {note = "never closed
  %c = arith.constant 1.0 : f64
  return %c : f64
}
