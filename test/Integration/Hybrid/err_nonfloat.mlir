// RUN: sh -c 'qgrad run "$1" 3; echo "exit status $?"' sh %s 2>&1 | FileCheck %s
// grad of a function with respect to an integer argument.
// CHECK: err_nonfloat.mlir:[[@LINE+10]]:{{[0-9]+}}: error: {{.*}}cannot differentiate @scale with respect to argument 0 of non-float type 'i64'
// CHECK: exit status 1

func.func @scale(%n: i64) -> f64 {
  %f = arith.sitofp %n : i64 to f64
  %y = arith.mulf %f, %f : f64
  return %y : f64
}

func.func @main(%n: i64) -> f64 {
  %g = gradient.grad "auto" @scale(%n) : (i64) -> f64
  return %g : f64
}
