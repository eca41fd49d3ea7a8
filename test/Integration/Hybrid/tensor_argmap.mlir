// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.4, 0.3, 1.1]' | FileCheck %s
// A qnode of a tensor<3xf64>: the argmap reads the angles with tensor.extract
// (a = v0, b = 2 v1, c = v2) for RX(a) RZ(c) RY(b) on one wire, parameter
// shift. <Z0> = cos a cos b - sin a sin b sin c, so the gradient (shape 3) is
//   [-sin a cos b - cos a sin b sin c,
//    2 (-cos a sin b - sin a cos b sin c),
//    -sin a sin b cos c].
// CHECK: {{^}}[-0.784891179387{{[0-9]*}}, -1.61300988071{{[0-9]*}}, -0.099737684054{{[0-9]*}}]
// CHECK-NEXT: {{^}}true

func.func @circuit(%v: tensor<3xf64>) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tensor.extract %v[%c0] : tensor<3xf64>
  %v1 = tensor.extract %v[%c1] : tensor<3xf64>
  %two = arith.constant 2.0 : f64
  %b = arith.mulf %two, %v1 : f64
  %c = tensor.extract %v[%c2] : tensor<3xf64>
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %q2 = quantum.custom "RZ"(%c) %q1 : !quantum.bit
  %q3 = quantum.custom "RY"(%b) %q2 : !quantum.bit
  %o = quantum.namedobs %q3[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q3 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @circuit_dyn(%buffer: memref<?xf64>) -> f64 {
  %v = bufferization.to_tensor %buffer restrict : memref<?xf64> to tensor<?xf64>
  %s = tensor.cast %v : tensor<?xf64> to tensor<3xf64>
  %e = call @circuit(%s) : (tensor<3xf64>) -> f64
  return %e : f64
}

func.func @analytic(%v: tensor<3xf64>) -> tensor<3xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f64
  %a = tensor.extract %v[%c0] : tensor<3xf64>
  %v1 = tensor.extract %v[%c1] : tensor<3xf64>
  %b = arith.mulf %two, %v1 : f64
  %c = tensor.extract %v[%c2] : tensor<3xf64>
  %sa = math.sin %a : f64
  %ca = math.cos %a : f64
  %sb = math.sin %b : f64
  %cb = math.cos %b : f64
  %sc = math.sin %c : f64
  %cc = math.cos %c : f64
  // d/da = -sin a cos b - cos a sin b sin c
  %t0 = arith.mulf %sa, %cb : f64
  %t1 = arith.mulf %ca, %sb : f64
  %t2 = arith.mulf %t1, %sc : f64
  %s01 = arith.addf %t0, %t2 : f64
  %da = arith.negf %s01 : f64
  // d/dv1 = 2 (-cos a sin b - sin a cos b sin c)
  %u0 = arith.mulf %t0, %sc : f64
  %u1 = arith.addf %t1, %u0 : f64
  %u2 = arith.mulf %two, %u1 : f64
  %db = arith.negf %u2 : f64
  // d/dc = -sin a sin b cos c
  %w0 = arith.mulf %sa, %sb : f64
  %w1 = arith.mulf %w0, %cc : f64
  %dc = arith.negf %w1 : f64
  %g = tensor.from_elements %da, %db, %dc : tensor<3xf64>
  return %g : tensor<3xf64>
}

func.func @main(%v: tensor<3xf64>) -> (tensor<3xf64>, i1) {
  %g = gradient.grad "auto" @circuit(%v) : (tensor<3xf64>) -> tensor<3xf64>
  %f = func.constant @circuit_dyn : (memref<?xf64>) -> f64
  %vd = tensor.cast %v : tensor<3xf64> to tensor<?xf64>
  %fe = call @central_fd_n(%f, %vd) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
  %a = call @analytic(%v) : (tensor<3xf64>) -> tensor<3xf64>
  %ge = tensor.cast %g : tensor<3xf64> to tensor<?xf64>
  %ae = tensor.cast %a : tensor<3xf64> to tensor<?xf64>
  %ok = call @check_all(%ge, %ae, %fe) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  return %g, %ok : tensor<3xf64>, i1
}
