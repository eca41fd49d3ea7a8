// RUN: qgrad-opt %s --qgrad-lower-gradients | FileCheck %s
// The adjoint method records the runtime's gate tape after allocation and
// sweeps once, before the register is released, for every expectation value.

func.func @circuit(%x: f64) -> (f64, f64) attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %oz = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %ez = quantum.expval %oz : f64
  %oy = quantum.namedobs %q1[PauliY] : !quantum.obs
  %ey = quantum.expval %oy : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %ez, %ey : f64, f64
}

func.func @main(%x: f64) -> (f64, f64) {
  %g:2 = gradient.grad "auto" @circuit(%x) : (f64) -> (f64, f64)
  return %g#0, %g#1 : f64, f64
}

// CHECK-LABEL: func.func private @circuit.evaluate(
// CHECK-SAME:    gradient.inactive
// CHECK:         call @circuit.adjoint(
// CHECK-NOT:     call @circuit.quantum

// CHECK-LABEL: func.func private @circuit.adjoint(
// CHECK-SAME:      %[[PARAMS:.*]]: memref<?xf64>, %[[JAC:.*]]: memref<?x?xf64>) -> (f64, f64)
// CHECK:         %[[RT:.*]] = call @qgrad_rt_default_context()
// CHECK:         quantum.alloc
// CHECK-NEXT:    call @qgrad_rt_tape_start(%[[RT]])
// CHECK:         %[[EZ:.*]] = quantum.expval %[[OZ:.*]] : f64
// CHECK:         %[[EY:.*]] = quantum.expval %[[OY:.*]] : f64
// CHECK:         call @qgrad_rt_tape_stop(%[[RT]])
// CHECK:         %[[HZ:.*]] = builtin.unrealized_conversion_cast %[[OZ]] : !quantum.obs to i64
// CHECK:         %[[HY:.*]] = builtin.unrealized_conversion_cast %[[OY]] : !quantum.obs to i64
// CHECK:         call @qgrad_rt_adjoint_jacobian(%[[RT]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT:    quantum.dealloc
// CHECK:         return %[[EZ]], %[[EY]]
