// Memref arguments reach __enzyme_autodiff as the fields of their
// descriptors, in the order func-to-llvm expands a memref parameter.
// RUN: qgrad-opt %s --convert-gradient-to-llvm --split-input-file | FileCheck %s

// A differentiated memref: its grad_out shadow is zeroed (the engine adds
// into shadows), then enzyme_const before the allocated pointer, enzyme_dup
// before the aligned pointer, which the shadow's aligned pointer follows;
// offset, size and stride are integers, constant by default.
// CHECK-LABEL: func.func @active_memref(
// CHECK-SAME:    %[[V:[^:]*]]: memref<3xf64>, %[[DV:[^:]*]]: memref<3xf64>,
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         linalg.fill ins(%[[ZERO]] : f64) outs(%[[DV]] : memref<3xf64>)
// CHECK:         %[[VD:.*]] = builtin.unrealized_conversion_cast %[[V]] : memref<3xf64> to !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK:         %[[ALLOC:.*]] = llvm.extractvalue %[[VD]][0]
// CHECK:         %[[ALIGN:.*]] = llvm.extractvalue %[[VD]][1]
// CHECK:         %[[OFF:.*]] = llvm.extractvalue %[[VD]][2]
// CHECK:         %[[SIZE:.*]] = llvm.extractvalue %[[VD]][3, 0]
// CHECK:         %[[STRIDE:.*]] = llvm.extractvalue %[[VD]][4, 0]
// CHECK:         %[[SD:.*]] = builtin.unrealized_conversion_cast %[[DV]] : memref<3xf64> to
// CHECK:         %[[SALIGN:.*]] = llvm.extractvalue %[[SD]][1]
// CHECK-NOT:     scf.if
// CHECK:         %[[CONST:.*]] = llvm.mlir.addressof @enzyme_const : !llvm.ptr
// CHECK:         %[[DUP:.*]] = llvm.mlir.addressof @enzyme_dup : !llvm.ptr
// CHECK:         llvm.call @__enzyme_autodiff(%{{[^,]*}}, %[[CONST]], %[[ALLOC]], %[[DUP]], %[[ALIGN]], %[[SALIGN]], %[[OFF]], %[[SIZE]], %[[STRIDE]], %{{[^,]*}}, %{{.*}})
func.func private @f(%v: memref<3xf64>, %out: memref<1xf64>) {
  return
}
func.func @active_memref(%v: memref<3xf64>, %dv: memref<3xf64>, %out: memref<1xf64>, %ct: memref<1xf64>) {
  gradient.backprop @f(%v) grad_out(%dv : memref<3xf64>) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (memref<3xf64>) -> ()
  return
}

// -----

// A memref that is not differentiated: enzyme_const on both pointers, no
// shadow, nothing zeroed.
// CHECK-LABEL: func.func @constant_memref(
// CHECK-SAME:    %[[X:[^:]*]]: f64, %[[T:[^:]*]]: memref<4xf32>,
// CHECK-NOT:     linalg.fill
// CHECK:         %[[TD:.*]] = builtin.unrealized_conversion_cast %[[T]] : memref<4xf32> to
// CHECK:         %[[ALLOC:.*]] = llvm.extractvalue %[[TD]][0]
// CHECK:         %[[ALIGN:.*]] = llvm.extractvalue %[[TD]][1]
// CHECK:         %[[OFF:.*]] = llvm.extractvalue %[[TD]][2]
// CHECK:         %[[SIZE:.*]] = llvm.extractvalue %[[TD]][3, 0]
// CHECK:         %[[STRIDE:.*]] = llvm.extractvalue %[[TD]][4, 0]
// CHECK:         %[[C1:.*]] = llvm.mlir.addressof @enzyme_const : !llvm.ptr
// CHECK:         %[[C2:.*]] = llvm.mlir.addressof @enzyme_const : !llvm.ptr
// CHECK:         llvm.call @__enzyme_autodiff(%{{[^,]*}}, %[[X]], %[[C1]], %[[ALLOC]], %[[C2]], %[[ALIGN]], %[[OFF]], %[[SIZE]], %[[STRIDE]], %{{[^,]*}}, %{{.*}})
func.func private @g(%x: f64, %table: memref<4xf32>, %out: memref<1xf64>) {
  return
}
func.func @constant_memref(%x: f64, %t: memref<4xf32>, %out: memref<1xf64>, %ct: memref<1xf64>) -> f64 {
  %d = gradient.backprop @g(%x, %t) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (f64, memref<4xf32>) -> f64
  return %d : f64
}

// -----

// Rank 2 with dynamic sizes: offset, both sizes, then both strides. The
// engine reads the shadow through the primal's sizes and strides, so those
// known only at run time are compared when the program runs; a mismatch
// stops it with a message naming the op.
// CHECK-DAG:   @qgrad.runtime_check_message("error: {{.*}}memref-args.mlir:{{[0-9]+}}:3: grad_out buffer #0 and its primal differ in the stride of dimension 0\0A")
// CHECK-DAG:   @qgrad.runtime_check_message_0("error: {{.*}}: grad_out buffer #0 and its primal differ in the size of dimension 0\0A")
// CHECK-DAG:   @qgrad.runtime_check_message_1("error: {{.*}}: grad_out buffer #0 and its primal differ in the size of dimension 1\0A")
// CHECK-LABEL: func.func @dynamic_rank2(
// CHECK-SAME:    %[[M:[^:]*]]: memref<?x?xf64>, %[[DM:[^:]*]]: memref<?x?xf64>,
// CHECK:         linalg.fill ins(%{{.*}} : f64) outs(%[[DM]] : memref<?x?xf64>)
// CHECK:         %[[MD:.*]] = builtin.unrealized_conversion_cast %[[M]] : memref<?x?xf64> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:         %[[ALLOC:.*]] = llvm.extractvalue %[[MD]][0]
// CHECK:         %[[ALIGN:.*]] = llvm.extractvalue %[[MD]][1]
// CHECK:         %[[OFF:.*]] = llvm.extractvalue %[[MD]][2]
// CHECK:         %[[S0:.*]] = llvm.extractvalue %[[MD]][3, 0]
// CHECK:         %[[T0:.*]] = llvm.extractvalue %[[MD]][4, 0]
// CHECK:         %[[S1:.*]] = llvm.extractvalue %[[MD]][3, 1]
// CHECK:         %[[T1:.*]] = llvm.extractvalue %[[MD]][4, 1]
// CHECK:         %[[SD:.*]] = builtin.unrealized_conversion_cast %[[DM]]
// CHECK:         %[[SALIGN:.*]] = llvm.extractvalue %[[SD]][1]
// CHECK:         %[[SS0:.*]] = llvm.extractvalue %[[SD]][3, 0]
// CHECK:         %[[ST0:.*]] = llvm.extractvalue %[[SD]][4, 0]
// CHECK:         %[[SS1:.*]] = llvm.extractvalue %[[SD]][3, 1]
// CHECK:         %[[NE0:.*]] = llvm.icmp "ne" %[[T0]], %[[ST0]] : i64
// CHECK:         scf.if %[[NE0]] {
// CHECK:           llvm.mlir.addressof @qgrad.runtime_check_message
// CHECK:           llvm.call @qgrad.runtime_check_failed(
// CHECK:         %[[NE1:.*]] = llvm.icmp "ne" %[[S0]], %[[SS0]] : i64
// CHECK:         scf.if %[[NE1]] {
// CHECK:           llvm.mlir.addressof @qgrad.runtime_check_message_0
// CHECK:         %[[NE2:.*]] = llvm.icmp "ne" %[[S1]], %[[SS1]] : i64
// CHECK:         scf.if %[[NE2]] {
// CHECK:           llvm.mlir.addressof @qgrad.runtime_check_message_1
// CHECK-NOT:     scf.if
// CHECK:         %[[CONST:.*]] = llvm.mlir.addressof @enzyme_const
// CHECK:         %[[DUP:.*]] = llvm.mlir.addressof @enzyme_dup
// CHECK:         llvm.call @__enzyme_autodiff(%{{[^,]*}}, %[[CONST]], %[[ALLOC]], %[[DUP]], %[[ALIGN]], %[[SALIGN]], %[[OFF]], %[[S0]], %[[S1]], %[[T0]], %[[T1]], %{{[^,]*}}, %{{.*}})
func.func private @h(%m: memref<?x?xf64>, %out: memref<1xf64>) {
  return
}
func.func @dynamic_rank2(%m: memref<?x?xf64>, %dm: memref<?x?xf64>, %out: memref<1xf64>, %ct: memref<1xf64>) {
  gradient.backprop @h(%m) grad_out(%dm : memref<?x?xf64>) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (memref<?x?xf64>) -> ()
  return
}

// -----

// A view with a dynamic offset and a dense shadow: the shadow pointer is
// moved by (shadow offset - primal offset) elements, so that the primal's
// offset, which the callee adds, lands on the shadow's first element.
// CHECK-LABEL: func.func @offset_view(
// CHECK:         %[[VD:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<4xf64, strided<[1], offset: ?>> to
// CHECK:         %[[OFF:.*]] = llvm.extractvalue %[[VD]][2]
// CHECK:         %[[SD:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<4xf64> to
// CHECK:         %[[SALIGN:.*]] = llvm.extractvalue %[[SD]][1]
// CHECK:         %[[SOFF:.*]] = llvm.extractvalue %[[SD]][2]
// CHECK:         %[[DIST:.*]] = llvm.sub %[[SOFF]], %[[OFF]] : i64
// CHECK:         %[[SHADOW:.*]] = llvm.getelementptr %[[SALIGN]][%[[DIST]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK:         llvm.call @__enzyme_autodiff(%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %[[SHADOW]], %[[OFF]],
#view = strided<[1], offset: ?>
func.func private @k(%v: memref<4xf64, #view>, %out: memref<1xf64>) {
  return
}
func.func @offset_view(%v: memref<4xf64, #view>, %dv: memref<4xf64>, %out: memref<1xf64>, %ct: memref<1xf64>) {
  gradient.backprop @k(%v) grad_out(%dv : memref<4xf64>) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) : (memref<4xf64, #view>) -> ()
  return
}

// -----

// Rank 0: no sizes and no strides follow the offset.
// CHECK-LABEL: func.func @rank0(
// CHECK:         %[[SD:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<f64> to !llvm.struct<(ptr, ptr, i64)>
// CHECK:         llvm.call @__enzyme_autodiff(%{{[^,]*}}, %[[C:[^,]*]], %[[ALLOC:[^,]*]], %[[D:[^,]*]], %[[ALIGN:[^,]*]], %[[SHADOW:[^,]*]], %[[OFF:[^,]*]], %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}) vararg
// CHECK-SAME:    : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64) -> f64
func.func private @m(%s: memref<f64>, %out: memref<f64>) {
  return
}
func.func @rank0(%s: memref<f64>, %ds: memref<f64>, %out: memref<f64>, %ct: memref<f64>) {
  gradient.backprop @m(%s) grad_out(%ds : memref<f64>) callee_out(%out : memref<f64>)
      cotangents(%ct : memref<f64>) : (memref<f64>) -> ()
  return
}
