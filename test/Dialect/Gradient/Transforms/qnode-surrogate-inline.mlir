// RUN: qgrad-opt %s --qgrad-lower-gradients | FileCheck %s
// A qnode's surrogate is inlined before AD: a tensor result leaves a call as
// a memref descriptor returned by value, and the AD engine gives pointers
// inside a returned struct no shadow, so the Jacobian of probs came out as
// zeros (test/Integration/Hybrid/probs_ry.mlir checks the numbers).

func.func @circuit(%p: f64) -> tensor<2xf64> attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%p) %q0 : !quantum.bit
  %c = quantum.compbasis qubits %q1 : !quantum.obs
  %probs = quantum.probs %c : tensor<2xf64>
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %probs : tensor<2xf64>
}

func.func @main(%p: f64) -> tensor<2xf64> {
  %jac = gradient.grad "auto" @circuit(%p) : (f64) -> tensor<2xf64>
  return %jac : tensor<2xf64>
}

// CHECK-LABEL: func.func private @circuit.surrogate(
// CHECK-SAME:      -> tensor<2xf64>
// CHECK-SAME:      attributes {passthrough = ["alwaysinline"]}
// CHECK-LABEL: func.func private @circuit.evaluate(
// CHECK-SAME:      passthrough = ["noinline"]
