// RUN: sh -c 'qgrad run "$1" 0.5; echo "exit status $?"' sh %s 2>&1 | FileCheck %s
// Parameter shift differentiates expval and probs only; a variance is
// rejected at the measurement, with notes at the qnode and the derivative.
// CHECK: err_ps_var.mlir:[[@LINE+8]]:{{[0-9]+}}: error: 'quantum.var' op cannot be differentiated by parameter-shift, which handles quantum.expval, quantum.probs
// CHECK: exit status 1

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %v = quantum.var %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %v : f64
}

func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  return %g : f64
}
