// RUN: sh -c 'qgrad run "$1" 0.5; echo "exit status $?"' sh %s 2>&1 | FileCheck %s
// The adjoint method differentiates expectation values only; probs are
// rejected at the measurement.
// CHECK: err_adjoint_probs.mlir:[[@LINE+8]]:{{[0-9]+}}: error: 'quantum.probs' op cannot be differentiated by adjoint, which handles quantum.expval
// CHECK: exit status 1

func.func @circuit(%x: f64) -> tensor<2xf64> attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %c = quantum.compbasis qubits %q1 : !quantum.obs
  %p = quantum.probs %c : tensor<2xf64>
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %p : tensor<2xf64>
}

func.func @main(%x: f64) -> tensor<2xf64> {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> tensor<2xf64>
  return %g : tensor<2xf64>
}
