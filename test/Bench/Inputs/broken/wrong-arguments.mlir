// The entry takes one argument; the BENCH line gives two.
// BENCH: wrong-arguments 1.0 2.0
func.func @main(%x: f64) -> f64 {
  return %x : f64
}
