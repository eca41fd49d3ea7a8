// Scalars: a differentiated float is passed bare (the engine's default for a
// float is active) and its derivative is the call's result; every other
// scalar follows enzyme_const; an index becomes i64 first.
// RUN: qgrad-opt %s --convert-gradient-to-llvm --split-input-file | FileCheck %s

// CHECK-DAG: llvm.func @__enzyme_autodiff(!llvm.ptr, ...) -> f64
// CHECK-DAG: llvm.mlir.global external @enzyme_const() {{.*}} : i32
// CHECK-DAG: llvm.mlir.global external @enzyme_dupnoneed() {{.*}} : i32
// CHECK-LABEL: func.func @one_active(
// CHECK-SAME:    %[[X:[^:]*]]: f64, %[[S:[^:]*]]: f64, %[[K:[^:]*]]: i32, %[[N:[^:]*]]: index,
// CHECK:         %[[C1:.*]] = llvm.mlir.addressof @enzyme_const : !llvm.ptr
// CHECK:         %[[C2:.*]] = llvm.mlir.addressof @enzyme_const : !llvm.ptr
// CHECK:         %[[C3:.*]] = llvm.mlir.addressof @enzyme_const : !llvm.ptr
// CHECK:         %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:         %[[F:.*]] = constant @f : (f64, f64, i32, index, memref<2xf64>) -> ()
// CHECK:         %[[FP:.*]] = builtin.unrealized_conversion_cast %[[F]] : {{.*}} to !llvm.ptr
// CHECK:         %[[D:.*]] = llvm.call @__enzyme_autodiff(%[[FP]], %[[X]], %[[C1]], %[[S]], %[[C2]], %[[K]], %[[C3]], %[[N64]], %{{.*}}) vararg(!llvm.func<f64 (ptr, ...)>)
// CHECK-NOT:     gradient.backprop
// CHECK:         return %[[D]] : f64
func.func private @f(%x: f64, %s: f64, %k: i32, %n: index, %out: memref<2xf64>) {
  return
}
func.func @one_active(%x: f64, %s: f64, %k: i32, %n: index, %out: memref<2xf64>, %ct: memref<2xf64>) -> f64 {
  %d = gradient.backprop @f(%x, %s, %k, %n) callee_out(%out : memref<2xf64>)
      cotangents(%ct : memref<2xf64>) : (f64, f64, i32, index) -> f64
  return %d : f64
}

// -----

// Two active scalars: the declared return type is a struct of their types,
// in argument order, under a name that spells them.
// CHECK-DAG: llvm.func @__enzyme_autodiff_f64_f32(!llvm.ptr, ...) -> !llvm.struct<(f64, f32)>
// CHECK-LABEL: func.func @two_active(
// CHECK-SAME:    %[[X:[^:]*]]: f64, %[[Y:[^:]*]]: f32,
// CHECK:         %[[R:.*]] = llvm.call @__enzyme_autodiff_f64_f32(%{{[^,]*}}, %[[X]], %[[Y]], %{{.*}}) vararg(!llvm.func<struct<(f64, f32)> (ptr, ...)>)
// CHECK:         %[[DX:.*]] = llvm.extractvalue %[[R]][0] : !llvm.struct<(f64, f32)>
// CHECK:         %[[DY:.*]] = llvm.extractvalue %[[R]][1] : !llvm.struct<(f64, f32)>
// CHECK:         return %[[DX]], %[[DY]] : f64, f32
func.func private @g(%x: f64, %y: f32, %out: memref<1xf64>) {
  return
}
func.func @two_active(%x: f64, %y: f32, %out: memref<1xf64>, %ct: memref<1xf64>) -> (f64, f32) {
  %d:2 = gradient.backprop @g(%x, %y) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f32) -> (f64, f32)
  return %d#0, %d#1 : f64, f32
}

// -----

// A callee that returns its output instead of writing a buffer: the engine
// seeds the result with 1.0, so the derivative is scaled by the cotangent
// (converted to the derivative's type).
// CHECK-LABEL: func.func @returned_output(
// CHECK-SAME:    %[[X:[^:]*]]: f32, %[[CT:[^:]*]]: f64)
// CHECK:         %[[D:.*]] = llvm.call @__enzyme_autodiff_f32(%{{[^,]*}}, %[[X]]) vararg(!llvm.func<f32 (ptr, ...)>)
// CHECK:         %[[SEED:.*]] = arith.truncf %[[CT]] : f64 to f32
// CHECK:         %[[SCALED:.*]] = arith.mulf %[[D]], %[[SEED]] : f32
// CHECK:         return %[[SCALED]] : f32
func.func private @h(%x: f32) -> f64 {
  %y = arith.extf %x : f32 to f64
  return %y : f64
}
func.func @returned_output(%x: f32, %ct: f64) -> f32 {
  %d = gradient.backprop @h(%x) cotangents(%ct : f64) : (f32) -> f32
  return %d : f32
}
