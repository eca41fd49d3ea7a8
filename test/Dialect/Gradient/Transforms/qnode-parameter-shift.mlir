// RUN: qgrad-opt %s --qgrad-lower-gradients | FileCheck %s
// A qnode is split: the classical argmap writes every gate parameter in
// execution order (destination-passing style, no quantum ops), the quantum
// part reads them back, and the surrogate is value + J (params - params0).

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %two = arith.constant 2.0 : f64
  %a = arith.mulf %x, %two : f64
  %q2 = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %s = math.sin %x : f64
  %q3:2 = quantum.custom "CRY"(%s) %q2, %q1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %q3#1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q3#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %q3#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> f64 {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  return %g : f64
}

// CHECK-LABEL: func.func private @circuit.dps(
// CHECK:         call @circuit.surrogate(

// CHECK-LABEL: func.func private @circuit.surrogate(%{{.*}}: f64) -> f64
// CHECK:         %[[N:.*]] = call @circuit.pcount(
// CHECK:         %[[P:.*]] = memref.alloc(%[[N]]) : memref<?xf64>
// CHECK:         call @circuit.argmap(%{{.*}}, %[[P]])
// CHECK:         %[[P0:.*]] = memref.alloc(%[[N]]) : memref<?xf64>
// CHECK:         call @circuit.evaluate(%{{.*}}, %[[P]], %[[P0]], %[[VALUE:.*]], %[[JAC:.*]]) :
// CHECK:         scf.for
// CHECK:           memref.load %[[P]]
// CHECK:           memref.load %[[P0]]
// CHECK:           arith.subf
// CHECK:           memref.load %[[JAC]]

// The Jacobian by parameter shift, one column per gate parameter
// (qnode-parallel-evaluate.mlir has the loop): the two-term rule scales by
// 1/2, the four-term rule (CRY) by c1 = (sqrt2+1)/(4 sqrt2) at +-pi/2 and
// c2 = (sqrt2-1)/(4 sqrt2) at +-3pi/2.
// CHECK-LABEL: func.func private @circuit.evaluate.column(
// CHECK:         scf.if
// CHECK:           arith.constant 1.5707963267948966 : f64
// CHECK:           arith.constant 0.42677669529663681 : f64
// CHECK:           arith.constant 4.7123889803846897 : f64
// CHECK:           arith.constant -0.073223304703363135 : f64
// CHECK:         } else {
// CHECK:           arith.constant 5.000000e-01 : f64

// Marked inactive for the AD engine and never inlined.
// CHECK-LABEL: func.func private @circuit.evaluate(
// CHECK-SAME:    attributes {gradient.inactive, passthrough = ["noinline"]}
// CHECK:         call @circuit.quantum(
// CHECK:         call @circuit.kinds(
// CHECK:         call @circuit.evaluate.columns(

// Shift rules in execution order: RX two-term (0), CRY four-term (1).
// CHECK-LABEL: func.func private @circuit.kinds(
// CHECK-NOT:     quantum.
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 0 : i64
// CHECK-DAG:     %[[FOUR:.*]] = arith.constant 1 : i64
// CHECK:         memref.store %[[TWO]]
// CHECK:         memref.store %[[FOUR]]
// CHECK:         return

// CHECK-LABEL: func.func private @circuit.quantum(
// CHECK-SAME:      %{{.*}}: f64, %[[PARAMS:.*]]: memref<?xf64>) -> f64
// CHECK:         %[[ANGLE0:.*]] = memref.load %[[PARAMS]]
// CHECK:         quantum.custom "RX"(%[[ANGLE0]])
// CHECK:         %[[ANGLE1:.*]] = memref.load %[[PARAMS]]
// CHECK:         quantum.custom "CRY"(%[[ANGLE1]])

// CHECK-LABEL: func.func private @circuit.argmap(
// CHECK-SAME:      %[[X:.*]]: f64, %[[OUT:.*]]: memref<?xf64>)
// CHECK-NOT:     quantum.
// CHECK:         %[[A:.*]] = arith.mulf %[[X]]
// CHECK:         memref.store %[[A]], %[[OUT]]
// CHECK:         %[[S:.*]] = math.sin %[[X]]
// CHECK:         memref.store %[[S]], %[[OUT]]
// CHECK-NOT:     quantum.
// CHECK:         return

// CHECK-LABEL: func.func private @circuit.pcount(
// CHECK-NOT:     quantum.
// CHECK:         return %{{.*}} : index
