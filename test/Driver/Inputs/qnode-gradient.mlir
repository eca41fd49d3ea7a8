func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %two = arith.constant 2.0 : f64
  %a = arith.mulf %x, %two : f64
  %q1 = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %s = math.sin %x : f64
  %q2 = quantum.custom "RY"(%s) %q1 : !quantum.bit
  %o = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}
func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  return %g : f64
}
