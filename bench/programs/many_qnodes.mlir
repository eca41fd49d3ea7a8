// Many qnodes: 8 small circuits (2 or 3 wires, different gates and
// observables), each fed an affine function of the two inputs, summed with
// weights by classical code. Stresses compile time per qnode: every qnode
// is split into its argmap, kinds, quantum, evaluate and surrogate parts.
// Every qnode is differentiated by parameter shift. `gradient` is the
// gradient of the sum with respect to the inputs.
//
// BENCH: many-qnodes-grad --entry gradient [0.3,-0.8]

func.func private @q0(%a: f64, %b: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %w0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %w1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %h0 = quantum.custom "Hadamard"() %w0 : !quantum.bit
  %g0 = quantum.custom "RX"(%a) %h0 : !quantum.bit
  %g1 = quantum.custom "RY"(%b) %w1 : !quantum.bit
  %e:2 = quantum.custom "CNOT"() %g0, %g1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %e#1[PauliZ] : !quantum.obs
  %v = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %e#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %v : f64
}

func.func private @q1(%a: f64, %b: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 3) : !quantum.reg
  %w0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %w1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %w2 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %h0 = quantum.custom "Hadamard"() %w0 : !quantum.bit
  %g0 = quantum.custom "RY"(%a) %h0 : !quantum.bit
  %g1 = quantum.custom "RZ"(%b) %w1 : !quantum.bit
  %e:2 = quantum.custom "CZ"() %g0, %g1 : !quantum.bit, !quantum.bit
  %s = math.sin %a : f64
  %g2 = quantum.custom "RY"(%s) %w2 : !quantum.bit
  %f:2 = quantum.custom "CNOT"() %e#1, %g2 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %f#1[PauliX] : !quantum.obs
  %v = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %f#0 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %f#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r3 : !quantum.reg
  return %v : f64
}

func.func private @q2(%a: f64, %b: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %w0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %w1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %h0 = quantum.custom "Hadamard"() %w0 : !quantum.bit
  %g0 = quantum.custom "RZ"(%a) %h0 : !quantum.bit
  %g1 = quantum.custom "PhaseShift"(%b) %w1 : !quantum.bit
  %p = arith.mulf %a, %b : f64
  %e:2 = quantum.custom "IsingXX"(%p) %g0, %g1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %e#1[PauliY] : !quantum.obs
  %v = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %e#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %v : f64
}

func.func private @q3(%a: f64, %b: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 3) : !quantum.reg
  %w0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %w1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %w2 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %h0 = quantum.custom "Hadamard"() %w0 : !quantum.bit
  %g0 = quantum.custom "PhaseShift"(%a) %h0 : !quantum.bit
  %g1 = quantum.custom "RX"(%b) %w1 : !quantum.bit
  %p = arith.mulf %a, %b : f64
  %e:2 = quantum.custom "CRY"(%p) %g0, %g1 : !quantum.bit, !quantum.bit
  %s = math.sin %a : f64
  %g2 = quantum.custom "RY"(%s) %w2 : !quantum.bit
  %f:2 = quantum.custom "CNOT"() %e#1, %g2 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %f#1[PauliZ] : !quantum.obs
  %v = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %f#0 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %f#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r3 : !quantum.reg
  return %v : f64
}

func.func private @q4(%a: f64, %b: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %w0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %w1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %h0 = quantum.custom "Hadamard"() %w0 : !quantum.bit
  %g0 = quantum.custom "RX"(%a) %h0 : !quantum.bit
  %g1 = quantum.custom "RY"(%b) %w1 : !quantum.bit
  %e:2 = quantum.custom "CNOT"() %g0, %g1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %e#1[PauliX] : !quantum.obs
  %v = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %e#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %v : f64
}

func.func private @q5(%a: f64, %b: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 3) : !quantum.reg
  %w0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %w1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %w2 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %h0 = quantum.custom "Hadamard"() %w0 : !quantum.bit
  %g0 = quantum.custom "RY"(%a) %h0 : !quantum.bit
  %g1 = quantum.custom "RZ"(%b) %w1 : !quantum.bit
  %e:2 = quantum.custom "CZ"() %g0, %g1 : !quantum.bit, !quantum.bit
  %s = math.sin %a : f64
  %g2 = quantum.custom "RY"(%s) %w2 : !quantum.bit
  %f:2 = quantum.custom "CNOT"() %e#1, %g2 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %f#1[PauliY] : !quantum.obs
  %v = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %f#0 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %f#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r3 : !quantum.reg
  return %v : f64
}

func.func private @q6(%a: f64, %b: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %w0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %w1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %h0 = quantum.custom "Hadamard"() %w0 : !quantum.bit
  %g0 = quantum.custom "RZ"(%a) %h0 : !quantum.bit
  %g1 = quantum.custom "PhaseShift"(%b) %w1 : !quantum.bit
  %p = arith.mulf %a, %b : f64
  %e:2 = quantum.custom "IsingXX"(%p) %g0, %g1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %e#1[PauliZ] : !quantum.obs
  %v = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %e#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %v : f64
}

func.func private @q7(%a: f64, %b: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 3) : !quantum.reg
  %w0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %w1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %w2 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %h0 = quantum.custom "Hadamard"() %w0 : !quantum.bit
  %g0 = quantum.custom "PhaseShift"(%a) %h0 : !quantum.bit
  %g1 = quantum.custom "RX"(%b) %w1 : !quantum.bit
  %p = arith.mulf %a, %b : f64
  %e:2 = quantum.custom "CRY"(%p) %g0, %g1 : !quantum.bit, !quantum.bit
  %s = math.sin %a : f64
  %g2 = quantum.custom "RY"(%s) %w2 : !quantum.bit
  %f:2 = quantum.custom "CNOT"() %e#1, %g2 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %f#1[PauliX] : !quantum.obs
  %v = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %f#0 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %f#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r3 : !quantum.reg
  return %v : f64
}

// sum_k c_k q_k(s_k x0 + t_k, u_k x1 - t_k)
func.func private @weighted(%x: tensor<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = tensor.extract %x[%c0] : tensor<2xf64>
  %x1 = tensor.extract %x[%c1] : tensor<2xf64>
  %acc0 = arith.constant 0.0 : f64
  %s0 = arith.constant 0.50 : f64
  %t0 = arith.constant -0.30 : f64
  %u0 = arith.constant 1.50 : f64
  %coef0 = arith.constant 1.00 : f64
  %sa0 = arith.mulf %x0, %s0 : f64
  %a0 = arith.addf %sa0, %t0 : f64
  %ub0 = arith.mulf %x1, %u0 : f64
  %b0 = arith.subf %ub0, %t0 : f64
  %v0 = func.call @q0(%a0, %b0) : (f64, f64) -> f64
  %cv0 = arith.mulf %v0, %coef0 : f64
  %acc1 = arith.addf %acc0, %cv0 : f64
  %s1 = arith.constant 0.75 : f64
  %t1 = arith.constant -0.20 : f64
  %u1 = arith.constant 1.30 : f64
  %coef1 = arith.constant 0.85 : f64
  %sa1 = arith.mulf %x0, %s1 : f64
  %a1 = arith.addf %sa1, %t1 : f64
  %ub1 = arith.mulf %x1, %u1 : f64
  %b1 = arith.subf %ub1, %t1 : f64
  %v1 = func.call @q1(%a1, %b1) : (f64, f64) -> f64
  %cv1 = arith.mulf %v1, %coef1 : f64
  %acc2 = arith.addf %acc1, %cv1 : f64
  %s2 = arith.constant 1.00 : f64
  %t2 = arith.constant -0.10 : f64
  %u2 = arith.constant 1.10 : f64
  %coef2 = arith.constant 0.70 : f64
  %sa2 = arith.mulf %x0, %s2 : f64
  %a2 = arith.addf %sa2, %t2 : f64
  %ub2 = arith.mulf %x1, %u2 : f64
  %b2 = arith.subf %ub2, %t2 : f64
  %v2 = func.call @q2(%a2, %b2) : (f64, f64) -> f64
  %cv2 = arith.mulf %v2, %coef2 : f64
  %acc3 = arith.addf %acc2, %cv2 : f64
  %s3 = arith.constant 1.25 : f64
  %t3 = arith.constant 0.00 : f64
  %u3 = arith.constant 0.90 : f64
  %coef3 = arith.constant 0.55 : f64
  %sa3 = arith.mulf %x0, %s3 : f64
  %a3 = arith.addf %sa3, %t3 : f64
  %ub3 = arith.mulf %x1, %u3 : f64
  %b3 = arith.subf %ub3, %t3 : f64
  %v3 = func.call @q3(%a3, %b3) : (f64, f64) -> f64
  %cv3 = arith.mulf %v3, %coef3 : f64
  %acc4 = arith.addf %acc3, %cv3 : f64
  %s4 = arith.constant 1.50 : f64
  %t4 = arith.constant 0.10 : f64
  %u4 = arith.constant 0.70 : f64
  %coef4 = arith.constant 0.40 : f64
  %sa4 = arith.mulf %x0, %s4 : f64
  %a4 = arith.addf %sa4, %t4 : f64
  %ub4 = arith.mulf %x1, %u4 : f64
  %b4 = arith.subf %ub4, %t4 : f64
  %v4 = func.call @q4(%a4, %b4) : (f64, f64) -> f64
  %cv4 = arith.mulf %v4, %coef4 : f64
  %acc5 = arith.addf %acc4, %cv4 : f64
  %s5 = arith.constant 1.75 : f64
  %t5 = arith.constant 0.20 : f64
  %u5 = arith.constant 0.50 : f64
  %coef5 = arith.constant 0.25 : f64
  %sa5 = arith.mulf %x0, %s5 : f64
  %a5 = arith.addf %sa5, %t5 : f64
  %ub5 = arith.mulf %x1, %u5 : f64
  %b5 = arith.subf %ub5, %t5 : f64
  %v5 = func.call @q5(%a5, %b5) : (f64, f64) -> f64
  %cv5 = arith.mulf %v5, %coef5 : f64
  %acc6 = arith.addf %acc5, %cv5 : f64
  %s6 = arith.constant 2.00 : f64
  %t6 = arith.constant 0.30 : f64
  %u6 = arith.constant 0.30 : f64
  %coef6 = arith.constant 0.10 : f64
  %sa6 = arith.mulf %x0, %s6 : f64
  %a6 = arith.addf %sa6, %t6 : f64
  %ub6 = arith.mulf %x1, %u6 : f64
  %b6 = arith.subf %ub6, %t6 : f64
  %v6 = func.call @q6(%a6, %b6) : (f64, f64) -> f64
  %cv6 = arith.mulf %v6, %coef6 : f64
  %acc7 = arith.addf %acc6, %cv6 : f64
  %s7 = arith.constant 2.25 : f64
  %t7 = arith.constant 0.40 : f64
  %u7 = arith.constant 0.10 : f64
  %coef7 = arith.constant -0.05 : f64
  %sa7 = arith.mulf %x0, %s7 : f64
  %a7 = arith.addf %sa7, %t7 : f64
  %ub7 = arith.mulf %x1, %u7 : f64
  %b7 = arith.subf %ub7, %t7 : f64
  %v7 = func.call @q7(%a7, %b7) : (f64, f64) -> f64
  %cv7 = arith.mulf %v7, %coef7 : f64
  %acc8 = arith.addf %acc7, %cv7 : f64
  return %acc8 : f64
}

func.func @gradient(%x: tensor<2xf64>) -> tensor<2xf64> {
  %g = gradient.grad "auto" @weighted(%x) : (tensor<2xf64>) -> tensor<2xf64>
  return %g : tensor<2xf64>
}
