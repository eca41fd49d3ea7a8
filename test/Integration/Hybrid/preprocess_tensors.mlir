// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.5, -0.3, 1.2]' 0.8 | FileCheck %s
// Classical pre-processing with tensors before a qnode of a tensor: angles
// t = [w0 x + w1, sin(w2 x)] built with tensor.from_elements, then RX(t0)
// RY(t1), <Z0> = cos t0 cos t1 (parameter shift). Gradient over w (a
// tensor<3xf64>) and x: with d0 = -sin t0 cos t1, d1 = -cos t0 sin t1,
// c = cos(w2 x):
//   dL/dw = [d0 x, d0, d1 c x],  dL/dx = d0 w0 + d1 c w2.
// CHECK:      {{^}}[-0.054533969161{{[0-9]*}}, -0.068167461451{{[0-9]*}}, -0.33353359188{{[0-9]*}}]
// CHECK-NEXT: {{^}}-0.534384118551
// CHECK-NEXT: {{^}}true

func.func @circuit(%t: tensor<2xf64>) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %a = tensor.extract %t[%i0] : tensor<2xf64>
  %b = tensor.extract %t[%i1] : tensor<2xf64>
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %q2 = quantum.custom "RY"(%b) %q1 : !quantum.bit
  %o = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @angles(%w: tensor<3xf64>, %x: f64) -> tensor<2xf64> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %w0 = tensor.extract %w[%i0] : tensor<3xf64>
  %w1 = tensor.extract %w[%i1] : tensor<3xf64>
  %w2 = tensor.extract %w[%i2] : tensor<3xf64>
  %w0x = arith.mulf %w0, %x : f64
  %t0 = arith.addf %w0x, %w1 : f64
  %w2x = arith.mulf %w2, %x : f64
  %t1 = math.sin %w2x : f64
  %t = tensor.from_elements %t0, %t1 : tensor<2xf64>
  return %t : tensor<2xf64>
}

func.func @loss(%w: tensor<3xf64>, %x: f64) -> f64 {
  %t = call @angles(%w, %x) : (tensor<3xf64>, f64) -> tensor<2xf64>
  %e = call @circuit(%t) : (tensor<2xf64>) -> f64
  return %e : f64
}

// (w, x) packed into one vector for the shared central differences.
func.func @loss_dyn(%buffer: memref<?xf64>) -> f64 {
  %v = bufferization.to_tensor %buffer restrict : memref<?xf64> to tensor<?xf64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %w0 = tensor.extract %v[%i0] : tensor<?xf64>
  %w1 = tensor.extract %v[%i1] : tensor<?xf64>
  %w2 = tensor.extract %v[%i2] : tensor<?xf64>
  %x = tensor.extract %v[%i3] : tensor<?xf64>
  %w = tensor.from_elements %w0, %w1, %w2 : tensor<3xf64>
  %e = call @loss(%w, %x) : (tensor<3xf64>, f64) -> f64
  return %e : f64
}

func.func @analytic(%w: tensor<3xf64>, %x: f64) -> tensor<4xf64> {
  %i0 = arith.constant 0 : index
  %i2 = arith.constant 2 : index
  %w0 = tensor.extract %w[%i0] : tensor<3xf64>
  %w2 = tensor.extract %w[%i2] : tensor<3xf64>
  %t = call @angles(%w, %x) : (tensor<3xf64>, f64) -> tensor<2xf64>
  %i1 = arith.constant 1 : index
  %t0 = tensor.extract %t[%i0] : tensor<2xf64>
  %t1 = tensor.extract %t[%i1] : tensor<2xf64>
  %s0 = math.sin %t0 : f64
  %c0 = math.cos %t0 : f64
  %s1 = math.sin %t1 : f64
  %c1 = math.cos %t1 : f64
  %p0 = arith.mulf %s0, %c1 : f64
  %d0 = arith.negf %p0 : f64
  %p1 = arith.mulf %c0, %s1 : f64
  %d1 = arith.negf %p1 : f64
  %w2x = arith.mulf %w2, %x : f64
  %c = math.cos %w2x : f64
  %g0 = arith.mulf %d0, %x : f64
  %d1c = arith.mulf %d1, %c : f64
  %g2 = arith.mulf %d1c, %x : f64
  %gx0 = arith.mulf %d0, %w0 : f64
  %gx1 = arith.mulf %d1c, %w2 : f64
  %gx = arith.addf %gx0, %gx1 : f64
  %g = tensor.from_elements %g0, %d0, %g2, %gx : tensor<4xf64>
  return %g : tensor<4xf64>
}

func.func @main(%w: tensor<3xf64>, %x: f64) -> (tensor<3xf64>, f64, i1) {
  %gw, %gx = gradient.grad "auto" @loss(%w, %x) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (tensor<3xf64>, f64) -> (tensor<3xf64>, f64)
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %w0 = tensor.extract %w[%i0] : tensor<3xf64>
  %w1 = tensor.extract %w[%i1] : tensor<3xf64>
  %w2 = tensor.extract %w[%i2] : tensor<3xf64>
  %v = tensor.from_elements %w0, %w1, %w2, %x : tensor<4xf64>
  %vd = tensor.cast %v : tensor<4xf64> to tensor<?xf64>
  %f = func.constant @loss_dyn : (memref<?xf64>) -> f64
  %fe = call @central_fd_n(%f, %vd) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
  %a = call @analytic(%w, %x) : (tensor<3xf64>, f64) -> tensor<4xf64>
  %g0 = tensor.extract %gw[%i0] : tensor<3xf64>
  %g1 = tensor.extract %gw[%i1] : tensor<3xf64>
  %g2 = tensor.extract %gw[%i2] : tensor<3xf64>
  %g = tensor.from_elements %g0, %g1, %g2, %gx : tensor<4xf64>
  %ge = tensor.cast %g : tensor<4xf64> to tensor<?xf64>
  %ae = tensor.cast %a : tensor<4xf64> to tensor<?xf64>
  %ok = call @check_all(%ge, %ae, %fe) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  return %gw, %gx, %ok : tensor<3xf64>, f64, i1
}
