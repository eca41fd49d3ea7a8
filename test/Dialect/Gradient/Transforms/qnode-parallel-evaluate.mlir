// RUN: qgrad-opt %s --qgrad-lower-gradients | FileCheck %s
// The parameter-shift loop of Q.evaluate is Q.evaluate.columns: one call of
// Q.evaluate.column per gate parameter j, which evaluates the shifted
// circuits and writes column j of the Jacobian and nothing else. The loop
// is marked qgrad.parallel_for, and qgrad.parallel_for_columns counts the
// Jacobians it writes column by column: the LLVM lowering hands it to
// qgrad_rt_parallel_for_outputs (test/Conversion/QuantumToLLVM/
// parallel-for.mlir), which may spread the columns over MPI ranks.

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %q3:2 = quantum.custom "CRY"(%x) %q2, %q1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %q3#1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  quantum.dealloc %r : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  return %g : f64
}

// CHECK-LABEL: func.func private @circuit.evaluate.columns(
// CHECK-SAME:      %[[X:[^:]*]]: f64, %[[P:[^:]*]]: memref<?xf64>, %[[K:[^:]*]]: memref<?xi64>, %[[J:[^:]*]]: memref<?x?xf64>, %[[N:[^:]*]]: index)
// CHECK-SAME:    attributes {qgrad.parallel_for = @circuit.evaluate.column, qgrad.parallel_for_columns = 1 : i64}
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[N]]
// CHECK-NEXT:      func.call @circuit.evaluate.column(%[[X]], %[[P]], %[[K]], %[[J]], %[[I]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// Column j: its own copy of the parameters and value buffers, the rule of
// parameter j's kind, stores into column j only.
// CHECK-LABEL: func.func private @circuit.evaluate.column(
// CHECK-SAME:      %[[X:[^:]*]]: f64, %[[P:[^:]*]]: memref<?xf64>, %[[K:[^:]*]]: memref<?xi64>, %[[J:[^:]*]]: memref<?x?xf64>, %[[COL:[^:]*]]: index)
// CHECK:         %[[SHIFTED:.*]] = memref.alloc(%{{.*}}) : memref<?xf64>
// CHECK:         memref.copy %[[P]], %[[SHIFTED]]
// CHECK:         %[[PLUS:.*]] = memref.alloc() : memref<1xf64>
// CHECK:         %[[MINUS:.*]] = memref.alloc() : memref<1xf64>
// CHECK:         %[[ANGLE:.*]] = memref.load %[[P]][%[[COL]]]
// CHECK:         %[[KIND:.*]] = memref.load %[[K]][%[[COL]]]
// CHECK:         scf.if
// Four-term: +-pi/2, then +-3pi/2 accumulated.
// CHECK:           arith.constant 1.5707963267948966 : f64
// CHECK:           memref.store %{{.*}}, %[[SHIFTED]][%[[COL]]]
// CHECK:           func.call @circuit.quantum(%[[X]], %[[SHIFTED]])
// CHECK:           arith.constant -1.5707963267948966 : f64
// CHECK:           func.call @circuit.quantum(%[[X]], %[[SHIFTED]])
// CHECK:           memref.store %[[ANGLE]], %[[SHIFTED]][%[[COL]]]
// CHECK:           memref.store %{{.*}}, %[[J]][%{{.*}}, %[[COL]]]
// CHECK:           arith.constant 4.7123889803846897 : f64
// CHECK:           func.call @circuit.quantum(%[[X]], %[[SHIFTED]])
// CHECK:           arith.constant -4.7123889803846897 : f64
// CHECK:           func.call @circuit.quantum(%[[X]], %[[SHIFTED]])
// CHECK:           memref.load %[[J]][%{{.*}}, %[[COL]]]
// CHECK:           memref.store %{{.*}}, %[[J]][%{{.*}}, %[[COL]]]
// CHECK:         } else {
// CHECK:           func.call @circuit.quantum(%[[X]], %[[SHIFTED]])
// CHECK:           func.call @circuit.quantum(%[[X]], %[[SHIFTED]])
// CHECK:           memref.store %{{.*}}, %[[J]][%{{.*}}, %[[COL]]]
// CHECK:         }
// CHECK:         return

// Q.evaluate (after its parts in the module) calls the loop.
// CHECK-LABEL: func.func private @circuit.evaluate(
// CHECK-SAME:      %[[X:[^:]*]]: f64, %[[P:[^:]*]]: memref<?xf64>, %[[P0:[^:]*]]: memref<?xf64>, %[[V:[^:]*]]: memref<1xf64>, %[[J:[^:]*]]: memref<?x?xf64>)
// CHECK-SAME:    attributes {gradient.inactive, passthrough = ["noinline"]}
// CHECK:         %[[N:.*]] = memref.dim %[[P]]
// CHECK:         call @circuit.quantum(%[[X]], %[[P]])
// CHECK:         %[[KINDS:.*]] = memref.alloc(%[[N]]) : memref<?xi64>
// CHECK:         call @circuit.kinds(%[[X]], %[[KINDS]])
// CHECK-NEXT:    call @circuit.evaluate.columns(%[[X]], %[[P]], %[[KINDS]], %[[J]], %[[N]])
// CHECK-NEXT:    return
