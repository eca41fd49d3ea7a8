// A hybrid program: classical code computes a gate angle, a qnode returns
// the expectation value <Z> of a two-qubit circuit, and classical code turns
// it into a loss. RX(2x) on wire 0 then CNOT(0, 1): <Z1> = cos 2x, so
// loss(x) = (1 - cos 2x)^2 = 4 sin^4 x.
//   qgrad run examples/hybrid_qnode.mlir 0.5    # 0.2113219699901493...
func.func @circuit(%theta: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a = quantum.custom "RX"(%theta) %q0 : !quantum.bit
  %b:2 = quantum.custom "CNOT"() %a, %q1 : !quantum.bit, !quantum.bit
  %z = quantum.namedobs %b#1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  %r1 = quantum.insert %r[ 0], %b#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %b#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> f64 {
  %two = arith.constant 2.0 : f64
  %one = arith.constant 1.0 : f64
  %theta = arith.mulf %two, %x : f64
  %e = call @circuit(%theta) : (f64) -> f64
  %d = arith.subf %one, %e : f64
  %loss = arith.mulf %d, %d : f64
  return %loss : f64
}
