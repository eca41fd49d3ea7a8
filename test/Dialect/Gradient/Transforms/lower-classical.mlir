// RUN: qgrad-opt %s --qgrad-lower-gradients | FileCheck %s
// A classical callee is differentiated in destination-passing style: one
// backprop per result element, seeded with a unit cotangent.

func.func @f(%x: f64, %v: tensor<3xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %a = tensor.extract %v[%c0] : tensor<3xf64>
  %r = arith.mulf %a, %x : f64
  return %r : f64
}

// CHECK-LABEL: func.func private @f.dps(
// CHECK-SAME:      %[[X:.*]]: f64, %[[V:.*]]: memref<3xf64>, %[[OUT:.*]]: memref<1xf64>)
// CHECK:         %[[T:.*]] = bufferization.to_tensor %[[V]] restrict
// CHECK:         %[[R:.*]] = call @f(%[[X]], %[[T]])
// CHECK:         memref.store %[[R]], %[[OUT]]

// CHECK-LABEL: func.func @grad_both
// CHECK:         %[[VB:.*]] = bufferization.to_buffer %{{.*}} read_only
// CHECK:         %[[SHADOW:.*]] = memref.alloc() : memref<3xf64>
// CHECK:         scf.for %[[E:.*]] =
// CHECK:           linalg.fill {{.*}} outs(%[[COT:.*]] : memref<1xf64>)
// CHECK:           memref.store %{{.*}}, %[[COT]][%[[E]]]
// CHECK:           linalg.fill {{.*}} outs(%[[SHADOW]] : memref<3xf64>)
// CHECK:           %[[DX:.*]] = gradient.backprop @f.dps(%{{.*}}, %[[VB]]) grad_out(%[[SHADOW]] : memref<3xf64>) callee_out(%{{.*}} : memref<1xf64>) cotangents(%[[COT]] : memref<1xf64>) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, memref<3xf64>) -> f64
// CHECK:         bufferization.to_tensor %{{.*}} restrict : memref<3xf64> to tensor<3xf64>
func.func @grad_both(%x: f64, %v: tensor<3xf64>) -> (f64, tensor<3xf64>) {
  %g:2 = gradient.grad "auto" @f(%x, %v) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, tensor<3xf64>) -> (f64, tensor<3xf64>)
  return %g#0, %g#1 : f64, tensor<3xf64>
}

// value_and_grad calls the function for its value.
// CHECK-LABEL: func.func @value_and_grad
// CHECK:         gradient.backprop @f.dps
// CHECK:         %[[V:.*]] = call @f(
// CHECK:         return %[[V]],
func.func @value_and_grad(%x: f64, %v: tensor<3xf64>) -> (f64, f64) {
  %r:2 = gradient.value_and_grad "auto" @f(%x, %v) : (f64, tensor<3xf64>) -> (f64, f64)
  return %r#0, %r#1 : f64, f64
}
