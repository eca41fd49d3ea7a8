// RUN: qgrad-opt %s --qgrad-lower-gradients | FileCheck %s
// Method "fd" is a forward difference with the given step: the callee at the
// point, then once per argument element at the shifted point.

func.func @f(%x: f64) -> f64 {
  %r = math.exp %x : f64
  return %r : f64
}

// CHECK-LABEL: func.func @main
// CHECK-NOT:     gradient.
// CHECK:         %[[BASE:.*]] = call @f(%[[X:.*]]) : (f64) -> f64
// CHECK:         %[[H:.*]] = arith.constant 1.000000e-01 : f64
// CHECK:         scf.for
// CHECK:           %[[SHIFTED:.*]] = arith.addf %[[X]], %[[H]]
// CHECK:           call @f(%[[SHIFTED]])
// CHECK:           arith.subf
// CHECK:           arith.divf %{{.*}}, %[[H]]
func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "fd" @f(%x) {finiteDiffParam = 1.0e-1 : f64} : (f64) -> f64
  return %g : f64
}
