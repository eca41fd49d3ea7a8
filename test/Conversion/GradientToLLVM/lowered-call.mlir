// After the whole lower_to_llvm stage the call's argument list lines up
// with the callee's expanded signature: (f64 x; allocated, aligned, offset,
// size, stride of v; the same five fields of out), each pointer preceded by
// its marker and each active pointer followed by its shadow.
// RUN: qgrad run %s --emit=mlir-llvm | FileCheck %s
// RUN: qgrad run %s --emit=llvm-ir | FileCheck %s --check-prefix=IR

// CHECK: llvm.func @argmap(%arg0: f64, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: !llvm.ptr, %arg7: !llvm.ptr, %arg8: i64, %arg9: i64, %arg10: i64)
// CHECK: llvm.call @__enzyme_autodiff({{.*}}) vararg(!llvm.func<f64 (ptr, ...)>) : (!llvm.ptr, f64, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64) -> f64
// CHECK-NOT: builtin.unrealized_conversion_cast

// IR:      define void @argmap(double %0, ptr %1, ptr %2, i64 %3, i64 %4, i64 %5, ptr %6, ptr %7, i64 %8, i64 %9, i64 %10)
// IR:      define double @main(double %[[X:[0-9]+]], i64 %[[N:[0-9]+]])
// IR:      %[[V:[0-9]+]] = call ptr @aligned_alloc(
// IR:      %[[DV:[0-9]+]] = call ptr @aligned_alloc(
// IR:      %[[OUT:[0-9]+]] = alloca double, i64 2
// IR:      %[[CT:[0-9]+]] = alloca double, i64 2
// IR:      call double (ptr, ...) @__enzyme_autodiff(ptr @argmap, double %[[X]],
// IR-SAME:   ptr @enzyme_const, ptr %{{[0-9]+}}, ptr @enzyme_dup, ptr %{{[0-9]+}}, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}},
// IR-SAME:   ptr @enzyme_const, ptr %{{[0-9]+}}, ptr @enzyme_dupnoneed, ptr %{{[0-9]+}}, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}}, i64 %{{[0-9]+}})

func.func @argmap(%x: f64, %v: memref<?xf64>, %out: memref<2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.load %v[%c0] : memref<?xf64>
  %b = arith.mulf %a, %x : f64
  memref.store %b, %out[%c0] : memref<2xf64>
  memref.store %a, %out[%c1] : memref<2xf64>
  return
}
func.func @main(%x: f64, %n: index) -> f64 {
  %v = memref.alloc(%n) : memref<?xf64>
  %dv = memref.alloc(%n) : memref<?xf64>
  %out = memref.alloca() : memref<2xf64>
  %ct = memref.alloca() : memref<2xf64>
  %dx = gradient.backprop @argmap(%x, %v) grad_out(%dv : memref<?xf64>)
      callee_out(%out : memref<2xf64>) cotangents(%ct : memref<2xf64>)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, memref<?xf64>) -> f64
  return %dx : f64
}
