func.func public @circuit(%arg0: tensor<f64>) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %0 = quantum.alloc( 1) : !quantum.reg
  %1 = quantum.adjoint(%0) : !quantum.reg {
  ^bb0(%r: !quantum.reg):
    quantum.yield %r : !quantum.reg
  }
  quantum.dealloc %1 : !quantum.reg
  %c = arith.constant 0.0 : f64
  return %c : f64
}
