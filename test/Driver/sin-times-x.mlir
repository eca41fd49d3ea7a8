// The foundation's acceptance value: sin(0.5) * 0.5 to 17 digits.
// RUN: qgrad run %s 0.5 | FileCheck %s
// RUN: qgrad run %s -O0 -- -0.5 | FileCheck %s
// RUN: qgrad run %s -O3 0.5 | FileCheck %s
// CHECK: {{^}}0.23971276930210150{{$}}
func.func @main(%x: f64) -> f64 {
  %s = math.sin %x : f64
  %r = arith.mulf %s, %x : f64
  return %r : f64
}
