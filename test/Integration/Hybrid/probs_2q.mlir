// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.6, 1.4]' | FileCheck %s
// probs of two wires as a function of a tensor<2xf64>: the Jacobian has shape
// 4 ++ 2 = tensor<4x2xf64>. RY(x) on 0, CNOT(0, 1), RY(y) on 1 gives
//   cx (cy |00> + sy |01>) + sx (-sy |10> + cy |11>)
// (cx = cos(x/2), ...), probs [cx^2 cy^2, cx^2 sy^2, sx^2 sy^2, sx^2 cy^2],
// and d(cx^2)/dx = -sin(x)/2, d(cy^2)/dy = -sin(y)/2. "best" with probs
// resolves to parameter shift.
// CHECK: {{^\[\[}}-0.165153285339{{[0-9]*}}, -0.449694122212{{[0-9]*}}], [-0.11716795135{{[0-9]*}}, 0.449694122212{{[0-9]*}}], [0.11716795135{{[0-9]*}}, 0.043030742781{{[0-9]*}}], [0.165153285339{{[0-9]*}}, -0.043030742781{{[0-9]*}}]]
// CHECK-NEXT: {{^}}true

func.func @circuit(%v: tensor<2xf64>) -> tensor<4xf64> attributes {qnode, diff_method = "best"} {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %x = tensor.extract %v[%i0] : tensor<2xf64>
  %y = tensor.extract %v[%i1] : tensor<2xf64>
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%x) %a0 : !quantum.bit
  %ab:2 = quantum.custom "CNOT"() %a1, %b0 : !quantum.bit, !quantum.bit
  %b2 = quantum.custom "RY"(%y) %ab#1 : !quantum.bit
  %c = quantum.compbasis qubits %ab#0, %b2 : !quantum.obs
  %p = quantum.probs %c : tensor<4xf64>
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %b2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %p : tensor<4xf64>
}

// Column j of the Jacobian: [probs(v + h e_j) - probs(v - h e_j)] / 2h.
func.func @central_fd_jacobian(%v: tensor<2xf64>) -> tensor<4x2xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %init = tensor.empty() : tensor<4x2xf64>
  %jac = scf.for %j = %c0 to %c2 step %c1 iter_args(%acc = %init) -> (tensor<4x2xf64>) {
    %vj = tensor.extract %v[%j] : tensor<2xf64>
    %up = arith.addf %vj, %h : f64
    %down = arith.subf %vj, %h : f64
    %vp = tensor.insert %up into %v[%j] : tensor<2xf64>
    %vm = tensor.insert %down into %v[%j] : tensor<2xf64>
    %pp = func.call @circuit(%vp) : (tensor<2xf64>) -> tensor<4xf64>
    %pm = func.call @circuit(%vm) : (tensor<2xf64>) -> tensor<4xf64>
    %col = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %acc) -> (tensor<4x2xf64>) {
      %u = tensor.extract %pp[%i] : tensor<4xf64>
      %d = tensor.extract %pm[%i] : tensor<4xf64>
      %diff = arith.subf %u, %d : f64
      %q = arith.divf %diff, %two_h : f64
      %a1 = tensor.insert %q into %a[%i, %j] : tensor<4x2xf64>
      scf.yield %a1 : tensor<4x2xf64>
    }
    scf.yield %col : tensor<4x2xf64>
  }
  return %jac : tensor<4x2xf64>
}

func.func @analytic(%v: tensor<2xf64>) -> tensor<4x2xf64> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f64
  %x = tensor.extract %v[%i0] : tensor<2xf64>
  %y = tensor.extract %v[%i1] : tensor<2xf64>
  %hx = arith.mulf %half, %x : f64
  %hy = arith.mulf %half, %y : f64
  %chx = math.cos %hx : f64
  %shx = math.sin %hx : f64
  %chy = math.cos %hy : f64
  %shy = math.sin %hy : f64
  %cx = arith.mulf %chx, %chx : f64
  %sx = arith.mulf %shx, %shx : f64
  %cy = arith.mulf %chy, %chy : f64
  %sy = arith.mulf %shy, %shy : f64
  %sinx = math.sin %x : f64
  %siny = math.sin %y : f64
  %dx = arith.mulf %half, %sinx : f64
  %dy = arith.mulf %half, %siny : f64
  %e00 = arith.mulf %dx, %cy : f64
  %j00 = arith.negf %e00 : f64
  %e01 = arith.mulf %cx, %dy : f64
  %j01 = arith.negf %e01 : f64
  %e10 = arith.mulf %dx, %sy : f64
  %j10 = arith.negf %e10 : f64
  %e21 = arith.mulf %sx, %dy : f64
  %j31 = arith.negf %e21 : f64
  %jac = tensor.from_elements %j00, %j01, %j10, %e01, %e10, %e21, %e00, %j31 : tensor<4x2xf64>
  return %jac : tensor<4x2xf64>
}

func.func @main(%v: tensor<2xf64>) -> (tensor<4x2xf64>, i1) {
  %g = gradient.grad "auto" @circuit(%v) : (tensor<2xf64>) -> tensor<4x2xf64>
  %fd = call @central_fd_jacobian(%v) : (tensor<2xf64>) -> tensor<4x2xf64>
  %a = call @analytic(%v) : (tensor<2xf64>) -> tensor<4x2xf64>
  %gf = tensor.collapse_shape %g [[0, 1]] : tensor<4x2xf64> into tensor<8xf64>
  %af = tensor.collapse_shape %a [[0, 1]] : tensor<4x2xf64> into tensor<8xf64>
  %ff = tensor.collapse_shape %fd [[0, 1]] : tensor<4x2xf64> into tensor<8xf64>
  %ge = tensor.cast %gf : tensor<8xf64> to tensor<?xf64>
  %ae = tensor.cast %af : tensor<8xf64> to tensor<?xf64>
  %fe = tensor.cast %ff : tensor<8xf64> to tensor<?xf64>
  %ok = call @check_all(%ge, %ae, %fe) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  return %g, %ok : tensor<4x2xf64>, i1
}
