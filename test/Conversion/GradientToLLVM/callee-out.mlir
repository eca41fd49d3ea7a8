// Output buffers: each callee_out buffer is passed as enzyme_const, its
// allocated pointer, enzyme_dupnoneed, its aligned pointer and the aligned
// pointer of its cotangent (the engine reads the seed from the shadow and
// need not compute the primal outputs), then offset, sizes and strides.
// RUN: qgrad-opt %s --convert-gradient-to-llvm | FileCheck %s

// The sizes of p and its cotangent are known only at run time: a mismatch
// stops the program with a message naming the op (RuntimeChecks.h).
// CHECK-DAG:   llvm.mlir.global internal constant @qgrad.runtime_check_message("error: {{.*}}callee-out.mlir:{{[0-9]+}}:8: cotangent #0 and its primal differ in the size of dimension 0\0A")
// CHECK:       llvm.func internal @qgrad.runtime_check_failed(
// CHECK-SAME:    %[[TEXT:.*]]: !llvm.ptr, %[[LEN:.*]]: i64)
// CHECK:         %[[STDERR:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK:         llvm.call @write(%[[STDERR]], %[[TEXT]], %[[LEN]])
// CHECK:         %[[STATUS:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:         llvm.call @exit(%[[STATUS]])
// CHECK:         llvm.unreachable
// CHECK-DAG:   llvm.func @write(i32, !llvm.ptr, i64) -> i64
// CHECK-DAG:   llvm.func @exit(i32)
// CHECK-LABEL: func.func @two_outputs(
// CHECK-SAME:    %[[X:[^:]*]]: f64, %[[P:[^:]*]]: memref<?xf64>, %[[Q:[^:]*]]: memref<2x3xf64>, %[[CP:[^:]*]]: memref<?xf64>, %[[CQ:[^:]*]]: memref<2x3xf64>)
// CHECK-NOT:     linalg.fill
// CHECK:         %[[PD:.*]] = builtin.unrealized_conversion_cast %[[P]] : memref<?xf64> to
// CHECK:         %[[PALLOC:.*]] = llvm.extractvalue %[[PD]][0]
// CHECK:         %[[PALIGN:.*]] = llvm.extractvalue %[[PD]][1]
// CHECK:         %[[POFF:.*]] = llvm.extractvalue %[[PD]][2]
// CHECK:         %[[PSIZE:.*]] = llvm.extractvalue %[[PD]][3, 0]
// CHECK:         %[[PSTRIDE:.*]] = llvm.extractvalue %[[PD]][4, 0]
// CHECK:         %[[CPD:.*]] = builtin.unrealized_conversion_cast %[[CP]] : memref<?xf64> to
// CHECK:         %[[CPALIGN:.*]] = llvm.extractvalue %[[CPD]][1]
// CHECK:         %[[CPSIZE:.*]] = llvm.extractvalue %[[CPD]][3, 0]
// CHECK:         %[[NE:.*]] = llvm.icmp "ne" %[[PSIZE]], %[[CPSIZE]] : i64
// CHECK:         scf.if %[[NE]] {
// CHECK:           %[[MSG:.*]] = llvm.mlir.addressof @qgrad.runtime_check_message : !llvm.ptr
// CHECK:           %[[LEN:.*]] = llvm.mlir.constant({{[0-9]+}} : i64) : i64
// CHECK:           llvm.call @qgrad.runtime_check_failed(%[[MSG]], %[[LEN]])
// CHECK:         }
// CHECK:         %[[C1:.*]] = llvm.mlir.addressof @enzyme_const
// CHECK:         %[[N1:.*]] = llvm.mlir.addressof @enzyme_dupnoneed
// CHECK:         %[[QD:.*]] = builtin.unrealized_conversion_cast %[[Q]] : memref<2x3xf64> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK:         %[[QALLOC:.*]] = llvm.extractvalue %[[QD]][0]
// CHECK:         %[[QALIGN:.*]] = llvm.extractvalue %[[QD]][1]
// CHECK:         %[[QOFF:.*]] = llvm.extractvalue %[[QD]][2]
// CHECK:         %[[QS0:.*]] = llvm.extractvalue %[[QD]][3, 0]
// CHECK:         %[[QT0:.*]] = llvm.extractvalue %[[QD]][4, 0]
// CHECK:         %[[QS1:.*]] = llvm.extractvalue %[[QD]][3, 1]
// CHECK:         %[[QT1:.*]] = llvm.extractvalue %[[QD]][4, 1]
// CHECK:         %[[CQD:.*]] = builtin.unrealized_conversion_cast %[[CQ]] : memref<2x3xf64> to
// CHECK:         %[[CQALIGN:.*]] = llvm.extractvalue %[[CQD]][1]
// CHECK-NOT:     scf.if
// CHECK:         %[[C2:.*]] = llvm.mlir.addressof @enzyme_const
// CHECK:         %[[N2:.*]] = llvm.mlir.addressof @enzyme_dupnoneed
// CHECK:         %[[D:.*]] = llvm.call @__enzyme_autodiff(%{{[^,]*}}, %[[X]],
// CHECK-SAME:      %[[C1]], %[[PALLOC]], %[[N1]], %[[PALIGN]], %[[CPALIGN]], %[[POFF]], %[[PSIZE]], %[[PSTRIDE]],
// CHECK-SAME:      %[[C2]], %[[QALLOC]], %[[N2]], %[[QALIGN]], %[[CQALIGN]], %[[QOFF]], %[[QS0]], %[[QS1]], %[[QT0]], %[[QT1]])
// CHECK:         return %[[D]] : f64
func.func private @f(%x: f64, %p: memref<?xf64>, %q: memref<2x3xf64>) {
  return
}
func.func @two_outputs(%x: f64, %p: memref<?xf64>, %q: memref<2x3xf64>, %cp: memref<?xf64>, %cq: memref<2x3xf64>) -> f64 {
  %d = gradient.backprop @f(%x) callee_out(%p, %q : memref<?xf64>, memref<2x3xf64>)
      cotangents(%cp, %cq : memref<?xf64>, memref<2x3xf64>) : (f64) -> f64
  return %d : f64
}
