// A small variational optimisation with exact gradients: gradient descent on
// the energy <H> of a two-qubit ansatz, H = Z0 Z1 + 0.5 X0 + 0.5 X1.
//   qgrad run examples/vqe.mlir '[0.1, 0.2]' 0.3 25
// returns the loss at every step and the final angles. The gradient of the
// qnode is exact: adjoint differentiation in the runtime, chained through the
// classical argmap (which turns the two angles into three gate parameters)
// by the AD engine.

func.func @energy(%theta: tensor<2xf64>) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0 = tensor.extract %theta[%c0] : tensor<2xf64>
  %t1 = tensor.extract %theta[%c1] : tensor<2xf64>
  %half = arith.constant 0.5 : f64
  %t2 = arith.mulf %t0, %half : f64

  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a0 = quantum.custom "RY"(%t0) %q0 : !quantum.bit
  %a1 = quantum.custom "RY"(%t1) %q1 : !quantum.bit
  %b:2 = quantum.custom "CNOT"() %a0, %a1 : !quantum.bit, !quantum.bit
  %c = quantum.custom "RX"(%t2) %b#1 : !quantum.bit

  %z0 = quantum.namedobs %b#0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %c[PauliZ] : !quantum.obs
  %zz = quantum.tensor %z0, %z1 : !quantum.obs
  %x0 = quantum.namedobs %b#0[PauliX] : !quantum.obs
  %x1 = quantum.namedobs %c[PauliX] : !quantum.obs
  %coeffs = arith.constant dense<[1.0, 0.5, 0.5]> : tensor<3xf64>
  %h = quantum.hamiltonian(%coeffs : tensor<3xf64>) %zz, %x0, %x1 : !quantum.obs
  %e = quantum.expval %h : f64

  %r1 = quantum.insert %r[ 0], %b#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %c : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @main(%theta0: tensor<2xf64>, %rate: f64, %steps: i64)
    -> (tensor<?xf64>, tensor<2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.index_cast %steps : i64 to index
  %losses0 = tensor.empty(%n) : tensor<?xf64>
  %result:2 = scf.for %i = %c0 to %n step %c1
      iter_args(%theta = %theta0, %losses = %losses0) -> (tensor<2xf64>, tensor<?xf64>) {
    %e, %g = gradient.value_and_grad "auto" @energy(%theta) : (tensor<2xf64>) -> (f64, tensor<2xf64>)
    %losses1 = tensor.insert %e into %losses[%i] : tensor<?xf64>
    %init = tensor.empty() : tensor<2xf64>
    %next = linalg.generic {indexing_maps = [affine_map<(d) -> (d)>, affine_map<(d) -> (d)>, affine_map<(d) -> (d)>],
                            iterator_types = ["parallel"]}
        ins(%theta, %g : tensor<2xf64>, tensor<2xf64>) outs(%init : tensor<2xf64>) {
      ^bb0(%t: f64, %d: f64, %o: f64):
        %step = arith.mulf %d, %rate : f64
        %t1 = arith.subf %t, %step : f64
        linalg.yield %t1 : f64
    } -> tensor<2xf64>
    scf.yield %next, %losses1 : tensor<2xf64>, tensor<?xf64>
  }
  return %result#1, %result#0 : tensor<?xf64>, tensor<2xf64>
}
