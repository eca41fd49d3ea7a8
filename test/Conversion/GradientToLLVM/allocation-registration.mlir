// A module with a backprop registers the memref lowering's allocator with
// the engine: {aligned_alloc, its size argument (1), "-1" (free takes the
// allocator's result), free}, so heap buffers allocated inside
// differentiated code get zeroed shadows. The declarations are the ones
// finalize-memref-to-llvm looks up; a module without backprop gets nothing.
// RUN: qgrad-opt %s --convert-gradient-to-llvm --split-input-file | FileCheck %s

// CHECK-LABEL: llvm.mlir.global external hidden constant @__enzyme_allocation_like.aligned_alloc() {{.*}} : !llvm.array<4 x ptr> {
// CHECK:         %[[LIST:.*]] = llvm.mlir.undef : !llvm.array<4 x ptr>
// CHECK-DAG:     %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-DAG:     %[[ALLOC:.*]] = llvm.mlir.addressof @aligned_alloc : !llvm.ptr
// CHECK-DAG:     %[[INDEX:.*]] = llvm.inttoptr %[[ONE]] : i64 to !llvm.ptr
// CHECK-DAG:     %[[SPEC:.*]] = llvm.mlir.addressof @qgrad.deallocation_spec.aligned_alloc : !llvm.ptr
// CHECK-DAG:     %[[FREE:.*]] = llvm.mlir.addressof @free : !llvm.ptr
// CHECK:         %[[L0:.*]] = llvm.insertvalue %[[ALLOC]], %[[LIST]][0]
// CHECK:         %[[L1:.*]] = llvm.insertvalue %[[INDEX]], %[[L0]][1]
// CHECK:         %[[L2:.*]] = llvm.insertvalue %[[SPEC]], %[[L1]][2]
// CHECK:         %[[L3:.*]] = llvm.insertvalue %[[FREE]], %[[L2]][3]
// CHECK:         llvm.return %[[L3]] : !llvm.array<4 x ptr>
// CHECK-DAG:   llvm.mlir.global internal constant @qgrad.deallocation_spec.aligned_alloc("-1\00")
// CHECK-DAG:   llvm.func @free(!llvm.ptr)
// CHECK-DAG:   llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
// CHECK:       func.func private @f(
func.func private @f(%x: f64, %out: memref<1xf64>) {
  return
}
func.func @one_backprop(%x: f64, %out: memref<1xf64>, %ct: memref<1xf64>) -> f64 {
  %d = gradient.backprop @f(%x) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (f64) -> f64
  return %d : f64
}

// -----

// CHECK-LABEL: func.func @no_backprop
// CHECK-NOT:   aligned_alloc
// CHECK-NOT:   __enzyme_allocation_like
func.func @no_backprop(%x: f64) -> f64 {
  return %x : f64
}
