func.func @main() -> f64 {
  %c = "arith.constant"() <{value = 1.0 : f64}> : () -> f64
  %x = "arith.addf"(%c) : (f64) -> f64
  return %x : f64
}
