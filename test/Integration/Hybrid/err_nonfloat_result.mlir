// RUN: sh -c 'qgrad run "$1" 0.5; echo "exit status $?"' sh %s 2>&1 | FileCheck %s
// grad of a function with an integer result.
// CHECK: err_nonfloat_result.mlir:[[@LINE+9]]:{{[0-9]+}}: error: {{.*}}cannot differentiate @round: its result 0 has non-float type 'i64'
// CHECK: exit status 1

func.func @round(%x: f64) -> i64 {
  %n = arith.fptosi %x : f64 to i64
  return %n : i64
}

func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "auto" @round(%x) : (f64) -> f64
  return %g : f64
}
