// RUN: qgrad-opt %s --qgrad-lower-gradients | FileCheck %s
// An exact jvp is one forward-mode sweep of the callee's destination-passing
// form (gradient.fwdprop), with the tangents beside the arguments; no
// Jacobian is built and no backprop runs. A jvp by finite differences still
// contracts the Jacobian.

func.func @f(%x: f64, %v: tensor<3xf64>) -> tensor<2xf64> {
  %c0 = arith.constant 0 : index
  %a = tensor.extract %v[%c0] : tensor<3xf64>
  %r = arith.mulf %a, %x : f64
  %y = tensor.from_elements %r, %x : tensor<2xf64>
  return %y : tensor<2xf64>
}

// CHECK-LABEL: func.func @jvp_both(
// CHECK-SAME:      %[[X:.*]]: f64, %[[V:.*]]: tensor<3xf64>, %[[DX:.*]]: f64, %[[DV:.*]]: tensor<3xf64>)
// CHECK-DAG:     %[[VB:.*]] = bufferization.to_buffer %[[V]] read_only
// CHECK-DAG:     %[[DVB:.*]] = bufferization.to_buffer %[[DV]] read_only
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<2xf64>
// CHECK:         %[[DOUT:.*]] = memref.alloc() : memref<2xf64>
// CHECK:         linalg.fill {{.*}} outs(%[[DOUT]] : memref<2xf64>)
// CHECK:         gradient.fwdprop @f.dps(%[[X]], %[[VB]]) tangents(%[[DX]], %[[DVB]] : f64, memref<3xf64>) callee_out(%[[OUT]] : memref<2xf64>) out_tangents(%[[DOUT]] : memref<2xf64>) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
// CHECK-NOT:     gradient.backprop
// CHECK:         %[[Y:.*]] = bufferization.to_tensor %[[OUT]]
// CHECK:         %[[DY:.*]] = bufferization.to_tensor %[[DOUT]]
// CHECK:         return %[[Y]], %[[DY]]
func.func @jvp_both(%x: f64, %v: tensor<3xf64>, %dx: f64, %dv: tensor<3xf64>) -> (tensor<2xf64>, tensor<2xf64>) {
  %y, %dy = gradient.jvp "auto" @f(%x, %v) tangents(%dx, %dv)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, tensor<3xf64>, f64, tensor<3xf64>) -> (tensor<2xf64>, tensor<2xf64>)
  return %y, %dy : tensor<2xf64>, tensor<2xf64>
}

// CHECK-LABEL: func.func @jvp_fd(
// CHECK-NOT:     gradient.fwdprop
// CHECK:         return
func.func @jvp_fd(%x: f64, %v: tensor<3xf64>, %dx: f64) -> (tensor<2xf64>, tensor<2xf64>) {
  %y, %dy = gradient.jvp "fd" @f(%x, %v) tangents(%dx)
      : (f64, tensor<3xf64>, f64) -> (tensor<2xf64>, tensor<2xf64>)
  return %y, %dy : tensor<2xf64>, tensor<2xf64>
}
