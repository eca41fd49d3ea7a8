// A func.func with the unit attribute gradient.inactive is listed in an
// __enzyme_inactivefn registration global (external, so that the
// optimisation before AD keeps it); the engine then treats its calls as
// constant. Declarations can be registered too.
// RUN: qgrad-opt %s --convert-gradient-to-llvm | FileCheck %s
// RUN: qgrad-opt %s --convert-gradient-to-llvm --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LOWERED

// CHECK:       llvm.mlir.global external hidden constant @__enzyme_inactivefn.remainder() {{.*}} : !llvm.array<1 x ptr> {
// CHECK:         func.constant @remainder : (f64, f64) -> f64
// CHECK:       llvm.mlir.global external hidden constant @__enzyme_inactivefn.step_size() {{.*}} : !llvm.array<1 x ptr> {
// CHECK:         %[[LIST:.*]] = llvm.mlir.undef : !llvm.array<1 x ptr>
// CHECK:         %[[F:.*]] = func.constant @step_size : (f64) -> f64
// CHECK:         %[[P:.*]] = builtin.unrealized_conversion_cast %[[F]] : (f64) -> f64 to !llvm.ptr
// CHECK:         %[[R:.*]] = llvm.insertvalue %[[P]], %[[LIST]][0] : !llvm.array<1 x ptr>
// CHECK:         llvm.return %[[R]] : !llvm.array<1 x ptr>
// CHECK:       func.func private @step_size(
// CHECK-NOT:   @__enzyme_inactivefn.scale

// LOWERED:     llvm.mlir.global external hidden constant @__enzyme_inactivefn.remainder()
// LOWERED:       llvm.mlir.addressof @remainder : !llvm.ptr
// LOWERED:     llvm.mlir.global external hidden constant @__enzyme_inactivefn.step_size()
// LOWERED:       %[[P:.*]] = llvm.mlir.addressof @step_size : !llvm.ptr
// LOWERED:       llvm.insertvalue %[[P]], %{{.*}}[0] : !llvm.array<1 x ptr>
// LOWERED:     llvm.func @step_size(
func.func private @step_size(%x: f64) -> f64 attributes {gradient.inactive} {
  %c = arith.constant 0.5 : f64
  %r = call @remainder(%x, %c) : (f64, f64) -> f64
  %s = arith.subf %x, %r : f64
  return %s : f64
}
func.func private @remainder(f64, f64) -> f64 attributes {gradient.inactive}
func.func @scale(%x: f64) -> f64 {
  return %x : f64
}
