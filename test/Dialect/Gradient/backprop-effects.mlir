// gradient.backprop declares its memory effects (read and write of its
// memref operands; callee_out buffers are only written), so ownership-based
// deallocation accepts it and frees a temporary buffer after the sweep, not
// before.
// RUN: qgrad-opt %s --buffer-deallocation-pipeline | FileCheck %s

// CHECK-LABEL: func.func @temporary_output(
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<2xf64>
// CHECK:         %[[D:.*]] = gradient.backprop @f(%{{.*}}) callee_out(%[[OUT]] : memref<2xf64>)
// CHECK:         memref.dealloc %[[OUT]] : memref<2xf64>
// CHECK:         return %[[D]]
func.func private @f(%x: f64, %out: memref<2xf64>) {
  return
}
func.func @temporary_output(%x: f64, %ct: memref<2xf64>) -> f64 {
  %out = memref.alloc() : memref<2xf64>
  %d = gradient.backprop @f(%x) callee_out(%out : memref<2xf64>)
      cotangents(%ct : memref<2xf64>) : (f64) -> f64
  return %d : f64
}
