// A quantum machine-learning loss. Classical pre-processing maps a data
// vector x (8 features) to 4 encoding angles, pi tanh(W x + b); the qnode
// encodes them with RY and applies 2 variational layers (RX, RZ on every
// wire, then a CZ ring); the post-processing turns the 4 expectation values
// <Z_j> into a squared error against labels, plus a coupling term:
//   loss = sum_j ((1 + <Z_j>) / 2 - y_j)^2 + 0.1 <Z_0> <Z_1>
// `gradient` is d loss / d (W, theta): parameter shift inside the circuit
// (24 gate parameters), reverse mode through the classical code around it.
//
// BENCH: qml-grad --entry gradient [0.5,-1.0,0.25,0.8,-0.3,1.2,0.0,-0.6] [[0.1,0.2,-0.1,0.05,0.3,-0.2,0.15,0.0],[-0.3,0.1,0.2,0.0,-0.1,0.25,0.05,0.1],[0.2,-0.15,0.1,0.3,0.0,-0.05,0.2,-0.1],[0.05,0.3,-0.2,0.1,0.15,0.0,-0.25,0.2]] [0.1,-0.1,0.2,0.0] [[[0.3,0.6],[0.9,1.2],[1.5,0.2],[0.4,0.7]],[[1.0,0.3],[0.8,0.5],[0.1,1.4],[0.6,0.9]]] [1.0,0.0,1.0,0.0]

// pi tanh(W x + b), one angle per wire.
func.func private @encode(%x: tensor<8xf64>, %w: tensor<4x8xf64>, %b: tensor<4xf64>)
    -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %pi = arith.constant 3.141592653589793 : f64
  %init = tensor.empty() : tensor<4xf64>
  %angles = scf.for %j = %c0 to %c4 step %c1 iter_args(%t = %init) -> (tensor<4xf64>) {
    %bj = tensor.extract %b[%j] : tensor<4xf64>
    %dot = scf.for %i = %c0 to %c8 step %c1 iter_args(%s = %bj) -> (f64) {
      %wji = tensor.extract %w[%j, %i] : tensor<4x8xf64>
      %xi = tensor.extract %x[%i] : tensor<8xf64>
      %p = arith.mulf %wji, %xi : f64
      %s1 = arith.addf %s, %p : f64
      scf.yield %s1 : f64
    }
    %th = math.tanh %dot : f64
    %a = arith.mulf %th, %pi : f64
    %t1 = tensor.insert %a into %t[%j] : tensor<4xf64>
    scf.yield %t1 : tensor<4xf64>
  }
  return %angles : tensor<4xf64>
}

func.func private @classifier(%angles: tensor<4xf64>, %theta: tensor<2x4x2xf64>)
    -> (f64, f64, f64, f64) attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i64
  %four = arith.constant 4 : i64
  %r0 = quantum.alloc( 4) : !quantum.reg
  %encoded = scf.for %w = %c0 to %c4 step %c1 iter_args(%r = %r0) -> (!quantum.reg) {
    %wi = arith.index_cast %w : index to i64
    %q = quantum.extract %r[%wi] : !quantum.reg -> !quantum.bit
    %a = tensor.extract %angles[%w] : tensor<4xf64>
    %q1 = quantum.custom "RY"(%a) %q : !quantum.bit
    %r1 = quantum.insert %r[%wi], %q1 : !quantum.reg, !quantum.bit
    scf.yield %r1 : !quantum.reg
  }
  %rf = scf.for %l = %c0 to %c2 step %c1 iter_args(%r = %encoded) -> (!quantum.reg) {
    %rot = scf.for %w = %c0 to %c4 step %c1 iter_args(%ra = %r) -> (!quantum.reg) {
      %wi = arith.index_cast %w : index to i64
      %q = quantum.extract %ra[%wi] : !quantum.reg -> !quantum.bit
      %tx = tensor.extract %theta[%l, %w, %c0] : tensor<2x4x2xf64>
      %tz = tensor.extract %theta[%l, %w, %c1] : tensor<2x4x2xf64>
      %q1 = quantum.custom "RX"(%tx) %q : !quantum.bit
      %q2 = quantum.custom "RZ"(%tz) %q1 : !quantum.bit
      %rb = quantum.insert %ra[%wi], %q2 : !quantum.reg, !quantum.bit
      scf.yield %rb : !quantum.reg
    }
    %ring = scf.for %w = %c0 to %c4 step %c1 iter_args(%ra = %rot) -> (!quantum.reg) {
      %wi = arith.index_cast %w : index to i64
      %next = arith.addi %wi, %one : i64
      %wj = arith.remsi %next, %four : i64
      %a = quantum.extract %ra[%wi] : !quantum.reg -> !quantum.bit
      %b = quantum.extract %ra[%wj] : !quantum.reg -> !quantum.bit
      %ab:2 = quantum.custom "CZ"() %a, %b : !quantum.bit, !quantum.bit
      %ra1 = quantum.insert %ra[%wi], %ab#0 : !quantum.reg, !quantum.bit
      %ra2 = quantum.insert %ra1[%wj], %ab#1 : !quantum.reg, !quantum.bit
      scf.yield %ra2 : !quantum.reg
    }
    scf.yield %ring : !quantum.reg
  }
  %q0 = quantum.extract %rf[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %rf[ 1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %rf[ 2] : !quantum.reg -> !quantum.bit
  %q3 = quantum.extract %rf[ 3] : !quantum.reg -> !quantum.bit
  %z0 = quantum.namedobs %q0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %z2 = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %z3 = quantum.namedobs %q3[PauliZ] : !quantum.obs
  %e0 = quantum.expval %z0 : f64
  %e1 = quantum.expval %z1 : f64
  %e2 = quantum.expval %z2 : f64
  %e3 = quantum.expval %z3 : f64
  %r1 = quantum.insert %rf[ 0], %q0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %q1 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %q2 : !quantum.reg, !quantum.bit
  %r4 = quantum.insert %r3[ 3], %q3 : !quantum.reg, !quantum.bit
  quantum.dealloc %r4 : !quantum.reg
  return %e0, %e1, %e2, %e3 : f64, f64, f64, f64
}

// ((1 + e) / 2 - y)^2
func.func private @squared_error(%e: f64, %y: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %half = arith.constant 0.5 : f64
  %shifted = arith.addf %e, %one : f64
  %p = arith.mulf %shifted, %half : f64
  %d = arith.subf %p, %y : f64
  %sq = arith.mulf %d, %d : f64
  return %sq : f64
}

func.func private @qml_loss(%x: tensor<8xf64>, %w: tensor<4x8xf64>, %b: tensor<4xf64>,
                            %theta: tensor<2x4x2xf64>, %y: tensor<4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %coupling = arith.constant 0.1 : f64
  %angles = func.call @encode(%x, %w, %b)
      : (tensor<8xf64>, tensor<4x8xf64>, tensor<4xf64>) -> tensor<4xf64>
  %e:4 = func.call @classifier(%angles, %theta)
      : (tensor<4xf64>, tensor<2x4x2xf64>) -> (f64, f64, f64, f64)
  %y0 = tensor.extract %y[%c0] : tensor<4xf64>
  %y1 = tensor.extract %y[%c1] : tensor<4xf64>
  %y2 = tensor.extract %y[%c2] : tensor<4xf64>
  %y3 = tensor.extract %y[%c3] : tensor<4xf64>
  %l0 = func.call @squared_error(%e#0, %y0) : (f64, f64) -> f64
  %l1 = func.call @squared_error(%e#1, %y1) : (f64, f64) -> f64
  %l2 = func.call @squared_error(%e#2, %y2) : (f64, f64) -> f64
  %l3 = func.call @squared_error(%e#3, %y3) : (f64, f64) -> f64
  %s01 = arith.addf %l0, %l1 : f64
  %s23 = arith.addf %l2, %l3 : f64
  %s = arith.addf %s01, %s23 : f64
  %e01 = arith.mulf %e#0, %e#1 : f64
  %c = arith.mulf %e01, %coupling : f64
  %loss = arith.addf %s, %c : f64
  return %loss : f64
}

func.func @gradient(%x: tensor<8xf64>, %w: tensor<4x8xf64>, %b: tensor<4xf64>,
                    %theta: tensor<2x4x2xf64>, %y: tensor<4xf64>)
    -> (tensor<4x8xf64>, tensor<2x4x2xf64>) {
  %g:2 = gradient.grad "auto" @qml_loss(%x, %w, %b, %theta, %y)
      {diffArgIndices = dense<[1, 3]> : tensor<2xindex>}
      : (tensor<8xf64>, tensor<4x8xf64>, tensor<4xf64>, tensor<2x4x2xf64>, tensor<4xf64>)
      -> (tensor<4x8xf64>, tensor<2x4x2xf64>)
  return %g#0, %g#1 : tensor<4x8xf64>, tensor<2x4x2xf64>
}
