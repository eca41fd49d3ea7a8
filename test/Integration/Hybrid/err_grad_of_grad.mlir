// RUN: sh -c 'qgrad run "$1" 0.5; echo "exit status $?"' sh %s 2>&1 | FileCheck %s
// A derivative of code that computes a derivative needs method "fd"
// (fd_of_grad.mlir is the accepted form).
// CHECK: err_grad_of_grad.mlir:[[@LINE+14]]:{{[0-9]+}}: error: {{.*}}differentiates @dsin, which computes a derivative itself; a derivative of a derivative needs method "fd"
// CHECK: exit status 1

func.func @sin(%x: f64) -> f64 {
  %y = math.sin %x : f64
  return %y : f64
}

func.func @dsin(%x: f64) -> f64 {
  %g = gradient.grad "auto" @sin(%x) : (f64) -> f64
  return %g : f64
}

func.func @main(%x: f64) -> f64 {
  %gg = gradient.grad "auto" @dsin(%x) : (f64) -> f64
  return %gg : f64
}
