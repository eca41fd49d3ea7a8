// A loop-heavy qnode with a dynamic number of layers n (an argument): layer
// l applies RX(theta_w cos(l / n)) and RY(theta_w sin(l / n)) on each of 4
// wires, then a CNOT ring, and the result is <Z_0 Z_3>. The gate count
// (8 n parameters) is known only at run time, so the parameter count, the
// argmap and the Jacobian are all dynamic. `gradient` is
// d <Z_0 Z_3> / d theta by parameter shift.
//
// BENCH: layers-grad --entry gradient [0.4,-0.7,1.1,0.3] 50

func.func private @layered(%theta: tensor<4xf64>, %n: i64) -> f64
    attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %four = arith.constant 4 : i64
  %layers = arith.index_cast %n : i64 to index
  %fn = arith.sitofp %n : i64 to f64
  %r0 = quantum.alloc( 4) : !quantum.reg
  %rf = scf.for %l = %c0 to %layers step %c1 iter_args(%r = %r0) -> (!quantum.reg) {
    %l64 = arith.index_cast %l : index to i64
    %fl = arith.sitofp %l64 : i64 to f64
    %phase = arith.divf %fl, %fn : f64
    %cx = math.cos %phase : f64
    %sy = math.sin %phase : f64
    %rot = scf.for %w = %c0 to %c4 step %c1 iter_args(%ra = %r) -> (!quantum.reg) {
      %wi = arith.index_cast %w : index to i64
      %t = tensor.extract %theta[%w] : tensor<4xf64>
      %ax = arith.mulf %t, %cx : f64
      %ay = arith.mulf %t, %sy : f64
      %q = quantum.extract %ra[%wi] : !quantum.reg -> !quantum.bit
      %q1 = quantum.custom "RX"(%ax) %q : !quantum.bit
      %q2 = quantum.custom "RY"(%ay) %q1 : !quantum.bit
      %rb = quantum.insert %ra[%wi], %q2 : !quantum.reg, !quantum.bit
      scf.yield %rb : !quantum.reg
    }
    %ring = scf.for %w = %c0 to %c4 step %c1 iter_args(%ra = %rot) -> (!quantum.reg) {
      %wi = arith.index_cast %w : index to i64
      %next = arith.addi %wi, %one : i64
      %wj = arith.remsi %next, %four : i64
      %a = quantum.extract %ra[%wi] : !quantum.reg -> !quantum.bit
      %b = quantum.extract %ra[%wj] : !quantum.reg -> !quantum.bit
      %ab:2 = quantum.custom "CNOT"() %a, %b : !quantum.bit, !quantum.bit
      %ra1 = quantum.insert %ra[%wi], %ab#0 : !quantum.reg, !quantum.bit
      %ra2 = quantum.insert %ra1[%wj], %ab#1 : !quantum.reg, !quantum.bit
      scf.yield %ra2 : !quantum.reg
    }
    scf.yield %ring : !quantum.reg
  }
  %q0 = quantum.extract %rf[ 0] : !quantum.reg -> !quantum.bit
  %q3 = quantum.extract %rf[ 3] : !quantum.reg -> !quantum.bit
  %z0 = quantum.namedobs %q0[PauliZ] : !quantum.obs
  %z3 = quantum.namedobs %q3[PauliZ] : !quantum.obs
  %zz = quantum.tensor %z0, %z3 : !quantum.obs
  %e = quantum.expval %zz : f64
  %r1 = quantum.insert %rf[ 0], %q0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 3], %q3 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @gradient(%theta: tensor<4xf64>, %n: i64) -> tensor<4xf64> {
  %g = gradient.grad "auto" @layered(%theta, %n) : (tensor<4xf64>, i64) -> tensor<4xf64>
  return %g : tensor<4xf64>
}
