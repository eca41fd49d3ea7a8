// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.6, -1.5, 0.9]' '[1.3, 0.7, -0.4]' '[0.7, -1.1]' | FileCheck %s
// jvp and vjp of a classical function with tensor argument and tensor result
// (no qnode): f(v) = [sin(v0) v1, v2 exp(v0)], whose Jacobian is
//   J = [[cos(v0) v1, sin v0, 0], [v2 exp(v0), 0, exp(v0)]];
// jvp gives J t (shape 2), vjp gives c J (shape 3). Central differences of
// f along t give J t; of c . f along each e_j give (c J)_j.
// CHECK:      {{^}}[-1.214154717697{{[0-9]*}}, 1.403031476300{{[0-9]*}}]
// CHECK-NEXT: {{^}}[-2.67050000804{{[0-9]*}}, 0.395249731376{{[0-9]*}}, -2.004330680429{{[0-9]*}}]
// CHECK-NEXT: {{^}}true

func.func @f(%v: tensor<3xf64>) -> tensor<2xf64> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %v0 = tensor.extract %v[%i0] : tensor<3xf64>
  %v1 = tensor.extract %v[%i1] : tensor<3xf64>
  %v2 = tensor.extract %v[%i2] : tensor<3xf64>
  %s = math.sin %v0 : f64
  %y0 = arith.mulf %s, %v1 : f64
  %e = math.exp %v0 : f64
  %y1 = arith.mulf %v2, %e : f64
  %y = tensor.from_elements %y0, %y1 : tensor<2xf64>
  return %y : tensor<2xf64>
}

// c . f(v) with the cotangent c of the RUN line, for the central
// differences of the vjp (a different c on the RUN line fails the check).
func.func @weighted(%buffer: memref<?xf64>) -> f64 {
  %v = bufferization.to_tensor %buffer restrict : memref<?xf64> to tensor<?xf64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %vs = tensor.cast %v : tensor<?xf64> to tensor<3xf64>
  %y = call @f(%vs) : (tensor<3xf64>) -> tensor<2xf64>
  %y0 = tensor.extract %y[%i0] : tensor<2xf64>
  %y1 = tensor.extract %y[%i1] : tensor<2xf64>
  %c0 = arith.constant 0.7 : f64
  %c1 = arith.constant -1.1 : f64
  %w0 = arith.mulf %c0, %y0 : f64
  %w1 = arith.mulf %c1, %y1 : f64
  %w = arith.addf %w0, %w1 : f64
  return %w : f64
}

func.func @main(%v: tensor<3xf64>, %t: tensor<3xf64>, %c: tensor<2xf64>)
    -> (tensor<2xf64>, tensor<3xf64>, i1) {
  %y, %jt = gradient.jvp "auto" @f(%v) tangents(%t)
      : (tensor<3xf64>, tensor<3xf64>) -> (tensor<2xf64>, tensor<2xf64>)
  %y2, %cj = gradient.vjp "auto" @f(%v) cotangents(%c)
      : (tensor<3xf64>, tensor<2xf64>) -> (tensor<2xf64>, tensor<3xf64>)
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %v0 = tensor.extract %v[%i0] : tensor<3xf64>
  %v1 = tensor.extract %v[%i1] : tensor<3xf64>
  %v2 = tensor.extract %v[%i2] : tensor<3xf64>
  %t0 = tensor.extract %t[%i0] : tensor<3xf64>
  %t1 = tensor.extract %t[%i1] : tensor<3xf64>
  %t2 = tensor.extract %t[%i2] : tensor<3xf64>
  %c0 = tensor.extract %c[%i0] : tensor<2xf64>
  %c1 = tensor.extract %c[%i1] : tensor<2xf64>
  // Central differences along t: [f(v + h t) - f(v - h t)] / 2h.
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %ht0 = arith.mulf %h, %t0 : f64
  %ht1 = arith.mulf %h, %t1 : f64
  %ht2 = arith.mulf %h, %t2 : f64
  %p0 = arith.addf %v0, %ht0 : f64
  %p1 = arith.addf %v1, %ht1 : f64
  %p2 = arith.addf %v2, %ht2 : f64
  %m0 = arith.subf %v0, %ht0 : f64
  %m1 = arith.subf %v1, %ht1 : f64
  %m2 = arith.subf %v2, %ht2 : f64
  %vp = tensor.from_elements %p0, %p1, %p2 : tensor<3xf64>
  %vm = tensor.from_elements %m0, %m1, %m2 : tensor<3xf64>
  %fp = call @f(%vp) : (tensor<3xf64>) -> tensor<2xf64>
  %fm = call @f(%vm) : (tensor<3xf64>) -> tensor<2xf64>
  %fp0 = tensor.extract %fp[%i0] : tensor<2xf64>
  %fp1 = tensor.extract %fp[%i1] : tensor<2xf64>
  %fm0 = tensor.extract %fm[%i0] : tensor<2xf64>
  %fm1 = tensor.extract %fm[%i1] : tensor<2xf64>
  %dd0 = arith.subf %fp0, %fm0 : f64
  %dd1 = arith.subf %fp1, %fm1 : f64
  %fdj0 = arith.divf %dd0, %two_h : f64
  %fdj1 = arith.divf %dd1, %two_h : f64
  %fd_jvp = tensor.from_elements %fdj0, %fdj1 : tensor<2xf64>
  %wf = func.constant @weighted : (memref<?xf64>) -> f64
  %vd = tensor.cast %v : tensor<3xf64> to tensor<?xf64>
  %fd_vjp = call @central_fd_n(%wf, %vd) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
  // Closed forms of J t and c J.
  %s = math.sin %v0 : f64
  %k = math.cos %v0 : f64
  %e = math.exp %v0 : f64
  %j00 = arith.mulf %k, %v1 : f64
  %j10 = arith.mulf %v2, %e : f64
  %a0 = arith.mulf %j00, %t0 : f64
  %a1 = arith.mulf %s, %t1 : f64
  %jt0 = arith.addf %a0, %a1 : f64
  %b0 = arith.mulf %j10, %t0 : f64
  %b1 = arith.mulf %e, %t2 : f64
  %jt1 = arith.addf %b0, %b1 : f64
  %u0 = arith.mulf %c0, %j00 : f64
  %u1 = arith.mulf %c1, %j10 : f64
  %cj0 = arith.addf %u0, %u1 : f64
  %cj1 = arith.mulf %c0, %s : f64
  %cj2 = arith.mulf %c1, %e : f64
  %a_jvp = tensor.from_elements %jt0, %jt1 : tensor<2xf64>
  %a_vjp = tensor.from_elements %cj0, %cj1, %cj2 : tensor<3xf64>
  %ge1 = tensor.cast %jt : tensor<2xf64> to tensor<?xf64>
  %ae1 = tensor.cast %a_jvp : tensor<2xf64> to tensor<?xf64>
  %fe1 = tensor.cast %fd_jvp : tensor<2xf64> to tensor<?xf64>
  %ok1 = call @check_all(%ge1, %ae1, %fe1) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  %ge2 = tensor.cast %cj : tensor<3xf64> to tensor<?xf64>
  %ae2 = tensor.cast %a_vjp : tensor<3xf64> to tensor<?xf64>
  %ok2 = call @check_all(%ge2, %ae2, %fd_vjp) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  %ok = arith.andi %ok1, %ok2 : i1
  return %jt, %cj, %ok : tensor<2xf64>, tensor<3xf64>, i1
}
