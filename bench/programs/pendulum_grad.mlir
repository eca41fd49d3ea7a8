// A classical kernel with scalar arguments only: a damped pendulum
// integrated by semi-implicit Euler for n steps of 0.01,
//   a = -k sin x - c v,  v += dt a,  x += dt v,   from x = 1, v = 0,
// returning x^2 + v, and its gradient with respect to the stiffness k and
// the damping c. Scalar arguments reach the AD engine through stack slots,
// which is what the optimisation before AD is said to be needed for.
//
// BENCH: pendulum-grad --entry gradient 2.0 0.3 1000

func.func private @pendulum(%k: f64, %c: f64, %n: i64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dt = arith.constant 0.01 : f64
  %x0 = arith.constant 1.0 : f64
  %v0 = arith.constant 0.0 : f64
  %steps = arith.index_cast %n : i64 to index
  %state:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %x0, %v = %v0) -> (f64, f64) {
    %s = math.sin %x : f64
    %ks = arith.mulf %k, %s : f64
    %cv = arith.mulf %c, %v : f64
    %sum = arith.addf %ks, %cv : f64
    %a = arith.negf %sum : f64
    %dv = arith.mulf %dt, %a : f64
    %v1 = arith.addf %v, %dv : f64
    %dx = arith.mulf %dt, %v1 : f64
    %x1 = arith.addf %x, %dx : f64
    scf.yield %x1, %v1 : f64, f64
  }
  %xx = arith.mulf %state#0, %state#0 : f64
  %r = arith.addf %xx, %state#1 : f64
  return %r : f64
}

func.func @gradient(%k: f64, %c: f64, %n: i64) -> (f64, f64) {
  %g:2 = gradient.grad "auto" @pendulum(%k, %c, %n)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64, i64) -> (f64, f64)
  return %g#0, %g#1 : f64, f64
}
