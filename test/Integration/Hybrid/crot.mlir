// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.3, 1.1, -0.7]' | FileCheck %s
// CRot(phi, theta, omega) from a tensor<3xf64>, four-term rule for each
// angle: RY(1.1) on the control, H on the target, CRot, <X1>.
// Rot = RZ(omega) RY(theta) RZ(phi) takes |+> to the Bloch vector with
// x = cos phi cos theta cos omega - sin phi sin omega, so with
// k = sin^2(0.55) (the control's |1> probability)
//   <X1> = (1 - k) + k (cos phi cos theta cos omega - sin phi sin omega),
//   grad = k [-sin phi cos theta cos omega - cos phi sin omega,
//             -cos phi sin theta cos omega,
//             -cos phi cos theta sin omega - sin phi cos omega].
// CHECK: {{^}}[0.14013073894{{[0-9]*}}, -0.177906060564{{[0-9]*}}, 0.014517129014{{[0-9]*}}]
// CHECK-NEXT: {{^}}true

func.func @circuit(%v: tensor<3xf64>) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %phi = tensor.extract %v[%i0] : tensor<3xf64>
  %theta = tensor.extract %v[%i1] : tensor<3xf64>
  %omega = tensor.extract %v[%i2] : tensor<3xf64>
  %prep = arith.constant 1.1 : f64
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%prep) %a0 : !quantum.bit
  %b1 = quantum.custom "Hadamard"() %b0 : !quantum.bit
  %ab:2 = quantum.custom "CRot"(%phi, %theta, %omega) %a1, %b1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %ab#1[PauliX] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %ab#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @circuit_dyn(%buffer: memref<?xf64>) -> f64 {
  %v = bufferization.to_tensor %buffer restrict : memref<?xf64> to tensor<?xf64>
  %s = tensor.cast %v : tensor<?xf64> to tensor<3xf64>
  %e = call @circuit(%s) : (tensor<3xf64>) -> f64
  return %e : f64
}

func.func @analytic(%v: tensor<3xf64>) -> tensor<3xf64> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %half_prep = arith.constant 0.55 : f64
  %phi = tensor.extract %v[%i0] : tensor<3xf64>
  %theta = tensor.extract %v[%i1] : tensor<3xf64>
  %omega = tensor.extract %v[%i2] : tensor<3xf64>
  %sh = math.sin %half_prep : f64
  %k = arith.mulf %sh, %sh : f64
  %sp = math.sin %phi : f64
  %cp = math.cos %phi : f64
  %st = math.sin %theta : f64
  %ct = math.cos %theta : f64
  %sw = math.sin %omega : f64
  %cw = math.cos %omega : f64
  %spct = arith.mulf %sp, %ct : f64
  %cpct = arith.mulf %cp, %ct : f64
  %a0 = arith.mulf %spct, %cw : f64
  %a1 = arith.mulf %cp, %sw : f64
  %a2 = arith.addf %a0, %a1 : f64
  %a3 = arith.mulf %k, %a2 : f64
  %d_phi = arith.negf %a3 : f64
  %b0 = arith.mulf %cp, %st : f64
  %b1 = arith.mulf %b0, %cw : f64
  %b2 = arith.mulf %k, %b1 : f64
  %d_theta = arith.negf %b2 : f64
  %e0 = arith.mulf %cpct, %sw : f64
  %e1 = arith.mulf %sp, %cw : f64
  %e2 = arith.addf %e0, %e1 : f64
  %e3 = arith.mulf %k, %e2 : f64
  %d_omega = arith.negf %e3 : f64
  %g = tensor.from_elements %d_phi, %d_theta, %d_omega : tensor<3xf64>
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
