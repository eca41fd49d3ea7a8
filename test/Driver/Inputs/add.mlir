func.func @main(%x: f64, %y: f64) -> f64 {
  %r = arith.addf %x, %y : f64
  return %r : f64
}
func.func private @declared(%x: f64) -> f64
func.func @vec(%v: tensor<3xf64>) -> tensor<3xf64> {
  return %v : tensor<3xf64>
}
func.func @count(%n: i32) -> i32 {
  return %n : i32
}
func.func @unsupported(%n: i8) -> i8 {
  return %n : i8
}
