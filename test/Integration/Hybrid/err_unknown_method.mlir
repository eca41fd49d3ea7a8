// RUN: sh -c 'qgrad run "$1" 0.5; echo "exit status $?"' sh %s 2>&1 | FileCheck %s
// A differentiation method other than "auto" and "fd".
// CHECK: err_unknown_method.mlir:[[@LINE+9]]:{{[0-9]+}}: error: {{.*}}has unknown differentiation method "central"; expected "auto" or "fd"
// CHECK: exit status 1

func.func @f(%x: f64) -> f64 {
  %y = math.sin %x : f64
  return %y : f64
}

func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "central" @f(%x) : (f64) -> f64
  return %g : f64
}
