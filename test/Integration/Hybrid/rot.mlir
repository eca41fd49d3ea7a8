// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.4 -0.9 1.7 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 0.4 -0.9 1.7 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// Rot(phi, theta, omega) from three scalar arguments, all differentiated
// (diffArgIndices [0, 1, 2]), adjoint method. H then Rot = RZ(omega)
// RY(theta) RZ(phi):
//   <X0> = cos phi cos theta cos omega - sin phi sin omega,
//   grad = [-sin phi cos theta cos omega - cos phi sin omega,
//           -cos phi sin theta cos omega,
//           -cos phi cos theta sin omega - sin phi cos omega].
// CHECK:      {{^}}-0.882194863007
// CHECK-NEXT: {{^}}-0.092960254099
// CHECK-NEXT: {{^}}-0.517594050654
// CHECK-NEXT: {{^}}true

func.func @circuit(%phi: f64, %theta: f64, %omega: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "Hadamard"() %q0 : !quantum.bit
  %q2 = quantum.custom "Rot"(%phi, %theta, %omega) %q1 : !quantum.bit
  %o = quantum.namedobs %q2[PauliX] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @circuit_dyn(%buffer: memref<?xf64>) -> f64 {
  %v = bufferization.to_tensor %buffer restrict : memref<?xf64> to tensor<?xf64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %phi = tensor.extract %v[%i0] : tensor<?xf64>
  %theta = tensor.extract %v[%i1] : tensor<?xf64>
  %omega = tensor.extract %v[%i2] : tensor<?xf64>
  %e = call @circuit(%phi, %theta, %omega) : (f64, f64, f64) -> f64
  return %e : f64
}

func.func @main(%phi: f64, %theta: f64, %omega: f64) -> (f64, f64, f64, i1) {
  %g:3 = gradient.grad "auto" @circuit(%phi, %theta, %omega)
      {diffArgIndices = dense<[0, 1, 2]> : tensor<3xindex>} : (f64, f64, f64) -> (f64, f64, f64)
  %f = func.constant @circuit_dyn : (memref<?xf64>) -> f64
  %v = tensor.from_elements %phi, %theta, %omega : tensor<3xf64>
  %vd = tensor.cast %v : tensor<3xf64> to tensor<?xf64>
  %fe = call @central_fd_n(%f, %vd) : ((memref<?xf64>) -> f64, tensor<?xf64>) -> tensor<?xf64>
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
  %d_phi = arith.negf %a2 : f64
  %b0 = arith.mulf %cp, %st : f64
  %b1 = arith.mulf %b0, %cw : f64
  %d_theta = arith.negf %b1 : f64
  %e0 = arith.mulf %cpct, %sw : f64
  %e1 = arith.mulf %sp, %cw : f64
  %e2 = arith.addf %e0, %e1 : f64
  %d_omega = arith.negf %e2 : f64
  %a = tensor.from_elements %d_phi, %d_theta, %d_omega : tensor<3xf64>
  %gt = tensor.from_elements %g#0, %g#1, %g#2 : tensor<3xf64>
  %ge = tensor.cast %gt : tensor<3xf64> to tensor<?xf64>
  %ae = tensor.cast %a : tensor<3xf64> to tensor<?xf64>
  %ok = call @check_all(%ge, %ae, %fe) : (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) -> i1
  return %g#0, %g#1, %g#2, %ok : f64, f64, f64, i1
}
