// gradient.fwdprop becomes one call of __enzyme_fwddiff_void: an active
// float followed by its tangent, an active memref's aligned pointer by its
// tangent's, every callee_out buffer's by its out_tangents buffer's (with
// enzyme_dup: the outputs themselves are computed too), the rest constant.
// RUN: qgrad-opt %s --convert-gradient-to-llvm --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-DAG: llvm.func @__enzyme_fwddiff_void(!llvm.ptr, ...)
// CHECK-LABEL: func.func @forward(
// CHECK-SAME:    %[[X:[^:]*]]: f64, %[[DX:[^:]*]]: f64, %[[N:[^:]*]]: index, %[[V:[^:]*]]: memref<3xf64>, %[[DV:[^:]*]]: memref<3xf64>, %[[Y:[^:]*]]: memref<2xf64>, %[[DY:[^:]*]]: memref<2xf64>)
// CHECK:         %[[C1:.*]] = llvm.mlir.addressof @enzyme_const : !llvm.ptr
// CHECK:         %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:         %[[C2:.*]] = llvm.mlir.addressof @enzyme_const : !llvm.ptr
// CHECK:         %[[D1:.*]] = llvm.mlir.addressof @enzyme_dup : !llvm.ptr
// CHECK:         %[[C3:.*]] = llvm.mlir.addressof @enzyme_const : !llvm.ptr
// CHECK:         %[[D2:.*]] = llvm.mlir.addressof @enzyme_dup : !llvm.ptr
// CHECK:         llvm.call @__enzyme_fwddiff_void(%{{[^,]*}}, %[[X]], %[[DX]], %[[C1]], %[[N64]], %[[C2]], %{{[^,]*}}, %[[D1]], %{{[^,]*}}, %{{[^,]*}}, %{{.*}}, %[[C3]], %{{[^,]*}}, %[[D2]], %{{.*}}) vararg(!llvm.func<void (ptr, ...)>)
// CHECK-NOT:     gradient.fwdprop
func.func private @f(%x: f64, %n: index, %v: memref<3xf64>, %out: memref<2xf64>) {
  return
}
func.func @forward(%x: f64, %dx: f64, %n: index, %v: memref<3xf64>, %dv: memref<3xf64>, %y: memref<2xf64>, %dy: memref<2xf64>) {
  gradient.fwdprop @f(%x, %n, %v) tangents(%dx, %dv : f64, memref<3xf64>)
      callee_out(%y : memref<2xf64>) out_tangents(%dy : memref<2xf64>)
      {diffArgIndices = dense<[0, 2]> : tensor<2xindex>} : (f64, index, memref<3xf64>) -> ()
  return
}

// -----

func.func private @g(%x: f64, %out: memref<1xf64>)
func.func @external(%x: f64, %dx: f64, %y: memref<1xf64>, %dy: memref<1xf64>) {
  // expected-error @+1 {{cannot differentiate '@g': it has no body in this module}}
  gradient.fwdprop @g(%x) tangents(%dx : f64) callee_out(%y : memref<1xf64>)
      out_tangents(%dy : memref<1xf64>) : (f64) -> ()
  return
}
