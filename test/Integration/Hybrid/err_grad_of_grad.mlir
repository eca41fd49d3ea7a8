// RUN: sh -c 'qgrad run "$1" 0.5; echo "exit status $?"' sh %s 2>&1 | FileCheck %s
// Second derivatives through a qnode are exact (qnode_second_derivatives.mlir);
// a third needs method "fd" somewhere (fd_of_grad.mlir shows one form); of
// classical code every order is exact (grad_of_grad.mlir).
// CHECK: err_grad_of_grad.mlir:[[@LINE+26]]:{{[0-9]+}}: error: {{.*}}differentiates a second derivative through the qnode @circuit; a third derivative through a qnode needs method "fd"
// CHECK: note: second derivative here
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

func.func @d2circuit(%x: f64) -> f64 {
  %gg = gradient.grad "auto" @dcircuit(%x) : (f64) -> f64
  return %gg : f64
}

func.func @main(%x: f64) -> f64 {
  %ggg = gradient.grad "auto" @d2circuit(%x) : (f64) -> f64
  return %ggg : f64
}
