// The Jacobian of a vector-valued function through gradient.grad: the
// gradient lowering emits one backprop per result element inside a loop,
// and f creates its result tensor inside the differentiated code (an
// aligned heap buffer, see heap-in-callee.mlir).
// f(x, v) = [v0 sin x, v1 x + v0 v1]:
//   df/dx = [v0 cos x, v1],   df/dv = [[sin x, 0], [v1, x + v0]]
// RUN: qgrad run %s 0.5 2.0 3.0 | FileCheck %s
// CHECK:      {{^}}[1.755165123780{{[0-9]+}}, 3.000000000000{{[0-9]+}}]{{$}}
// CHECK-NEXT: {{^\[\[}}0.479425538604{{[0-9]+}}, 0.0000000000000000], [3.000000000000{{[0-9]+}}, 2.500000000000{{[0-9]+}}{{\]\]$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func @f(%x: f64, %v: tensor<2xf64>) -> tensor<2xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = tensor.extract %v[%c0] : tensor<2xf64>
  %v1 = tensor.extract %v[%c1] : tensor<2xf64>
  %s = math.sin %x : f64
  %f0 = arith.mulf %v0, %s : f64
  %v1x = arith.mulf %v1, %x : f64
  %v0v1 = arith.mulf %v0, %v1 : f64
  %f1 = arith.addf %v1x, %v0v1 : f64
  %r = tensor.from_elements %f0, %f1 : tensor<2xf64>
  return %r : tensor<2xf64>
}

// (f at +h - f at -h) / 2h, component k of (x, v0, v1) moved.
func.func @central(%x: f64, %v0: f64, %v1: f64, %k: index) -> tensor<2xf64> {
  %h = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %is0 = arith.cmpi eq, %k, %c0 : index
  %is1 = arith.cmpi eq, %k, %c1 : index
  %is2 = arith.cmpi eq, %k, %c2 : index
  %d0 = arith.select %is0, %h, %zero : f64
  %d1 = arith.select %is1, %h, %zero : f64
  %d2 = arith.select %is2, %h, %zero : f64
  %xp = arith.addf %x, %d0 : f64
  %ap = arith.addf %v0, %d1 : f64
  %bp = arith.addf %v1, %d2 : f64
  %xm = arith.subf %x, %d0 : f64
  %am = arith.subf %v0, %d1 : f64
  %bm = arith.subf %v1, %d2 : f64
  %vp = tensor.from_elements %ap, %bp : tensor<2xf64>
  %vm = tensor.from_elements %am, %bm : tensor<2xf64>
  %fp = call @f(%xp, %vp) : (f64, tensor<2xf64>) -> tensor<2xf64>
  %fm = call @f(%xm, %vm) : (f64, tensor<2xf64>) -> tensor<2xf64>
  %two_h = arith.constant 2.0e-5 : f64
  %p0 = tensor.extract %fp[%c0] : tensor<2xf64>
  %p1 = tensor.extract %fp[%c1] : tensor<2xf64>
  %m0 = tensor.extract %fm[%c0] : tensor<2xf64>
  %m1 = tensor.extract %fm[%c1] : tensor<2xf64>
  %e0 = arith.subf %p0, %m0 : f64
  %e1 = arith.subf %p1, %m1 : f64
  %q0 = arith.divf %e0, %two_h : f64
  %q1 = arith.divf %e1, %two_h : f64
  %fd = tensor.from_elements %q0, %q1 : tensor<2xf64>
  return %fd : tensor<2xf64>
}

// max_i |a_i - b_i| for 2-vectors
func.func @maxdiff(%a0: f64, %a1: f64, %b: tensor<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b0 = tensor.extract %b[%c0] : tensor<2xf64>
  %b1 = tensor.extract %b[%c1] : tensor<2xf64>
  %d0 = arith.subf %a0, %b0 : f64
  %d1 = arith.subf %a1, %b1 : f64
  %e0 = math.absf %d0 : f64
  %e1 = math.absf %d1 : f64
  %m = arith.maximumf %e0, %e1 : f64
  return %m : f64
}

func.func @main(%x: f64, %v0: f64, %v1: f64) -> (tensor<2xf64>, tensor<2x2xf64>, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = tensor.from_elements %v0, %v1 : tensor<2xf64>
  %g:2 = gradient.grad "auto" @f(%x, %v) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, tensor<2xf64>) -> (tensor<2xf64>, tensor<2x2xf64>)
  // Column k of the Jacobian against the central difference in component k.
  %dx0 = tensor.extract %g#0[%c0] : tensor<2xf64>
  %dx1 = tensor.extract %g#0[%c1] : tensor<2xf64>
  %j00 = tensor.extract %g#1[%c0, %c0] : tensor<2x2xf64>
  %j01 = tensor.extract %g#1[%c0, %c1] : tensor<2x2xf64>
  %j10 = tensor.extract %g#1[%c1, %c0] : tensor<2x2xf64>
  %j11 = tensor.extract %g#1[%c1, %c1] : tensor<2x2xf64>
  %fx = call @central(%x, %v0, %v1, %c0) : (f64, f64, f64, index) -> tensor<2xf64>
  %fa = call @central(%x, %v0, %v1, %c1) : (f64, f64, f64, index) -> tensor<2xf64>
  %fb = call @central(%x, %v0, %v1, %c2) : (f64, f64, f64, index) -> tensor<2xf64>
  %ex = call @maxdiff(%dx0, %dx1, %fx) : (f64, f64, tensor<2xf64>) -> f64
  %ea = call @maxdiff(%j00, %j10, %fa) : (f64, f64, tensor<2xf64>) -> f64
  %eb = call @maxdiff(%j01, %j11, %fb) : (f64, f64, tensor<2xf64>) -> f64
  %m = arith.maximumf %ex, %ea : f64
  %err = arith.maximumf %m, %eb : f64
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  return %g#0, %g#1, %err, %ok : tensor<2xf64>, tensor<2x2xf64>, f64, i1
}
