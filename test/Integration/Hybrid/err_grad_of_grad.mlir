// RUN: sh -c 'qgrad run "$1" 0.5; echo "exit status $?"' sh %s 2>&1 | FileCheck %s
// A second derivative through a qnode needs method "fd" (fd_of_grad.mlir is
// the accepted form); of classical code it is exact (grad_of_grad.mlir).
// CHECK: err_grad_of_grad.mlir:[[@LINE+20]]:{{[0-9]+}}: error: {{.*}}differentiates a derivative of the qnode @circuit; a second derivative through a qnode needs method "fd"
// CHECK: exit status 1

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @dcircuit(%x: f64) -> f64 {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  return %g : f64
}

func.func @main(%x: f64) -> f64 {
  %gg = gradient.grad "auto" @dcircuit(%x) : (f64) -> f64
  return %gg : f64
}
