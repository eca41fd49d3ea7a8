// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.8 | FileCheck %s
// RUN: qgrad run %t.mlir 0.8 -O0 | FileCheck %s
// probs after RY(p) on one wire: [cos^2(p/2), sin^2(p/2)], so the Jacobian
// (shape 2 ++ scalar = tensor<2xf64>) is [-sin(p)/2, sin(p)/2]. The qnode is
// "best", which resolves to parameter shift because it returns probs.
// CHECK: {{^}}[-0.358678045449{{[0-9]*}}, 0.358678045449{{[0-9]*}}]
// CHECK-NEXT: {{^}}true

func.func @circuit(%p: f64) -> tensor<2xf64> attributes {qnode, diff_method = "best"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%p) %q0 : !quantum.bit
  %c = quantum.compbasis qubits %q1 : !quantum.obs
  %probs = quantum.probs %c : tensor<2xf64>
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %probs : tensor<2xf64>
}

func.func @main(%p: f64) -> (tensor<2xf64>, i1) {
  %jac = gradient.grad "auto" @circuit(%p) : (f64) -> tensor<2xf64>
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %pp = arith.addf %p, %h : f64
  %pm = arith.subf %p, %h : f64
  %up = call @circuit(%pp) : (f64) -> tensor<2xf64>
  %down = call @circuit(%pm) : (f64) -> tensor<2xf64>
  %init = tensor.empty() : tensor<2xf64>
  %fd = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                                         affine_map<(i) -> (i)>],
                        iterator_types = ["parallel"]}
      ins(%up, %down : tensor<2xf64>, tensor<2xf64>) outs(%init : tensor<2xf64>) {
    ^bb0(%u: f64, %d: f64, %o: f64):
      %diff = arith.subf %u, %d : f64
      %q = arith.divf %diff, %two_h : f64
      linalg.yield %q : f64
  } -> tensor<2xf64>
  %half = arith.constant 0.5 : f64
  %s = math.sin %p : f64
  %hs = arith.mulf %half, %s : f64
  %mhs = arith.negf %hs : f64
  %analytic = tensor.from_elements %mhs, %hs : tensor<2xf64>
  %je = tensor.cast %jac : tensor<2xf64> to tensor<?xf64>
  %ae = tensor.cast %analytic : tensor<2xf64> to tensor<?xf64>
  %fe = tensor.cast %fd : tensor<2xf64> to tensor<?xf64>
  %ok = call @check_all(%je, %ae, %fe) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  return %jac, %ok : tensor<2xf64>, i1
}
