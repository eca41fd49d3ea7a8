// RUN: qgrad-opt %s --convert-quantum-to-llvm | FileCheck %s

// Qubits and registers carried by scf.for, scf.while, scf.if, calls and
// function signatures become i64 wires and base wires.

// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[X:.*]]: f64, %[[N:.*]]: index) -> f64
// CHECK: %[[CTX:.*]] = call @qgrad_rt_default_context()
// CHECK: %[[BASE:.*]] = arith.constant 0 : i64
// CHECK: %[[W0:.*]] = arith.addi %[[BASE]], %{{.*}} : i64
// CHECK: %[[WN:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[W:.*]] = %[[W0]]) -> (i64) {
// CHECK:   llvm.store %[[W]], %{{.*}} : i64, !llvm.ptr
// CHECK:   call @qgrad_rt_apply(%[[CTX]],
// CHECK:   scf.yield %[[W]] : i64
// CHECK: }
// CHECK: call @qgrad_rt_obs_named(%[[CTX]], %{{.*}}, %[[WN]])
// CHECK-NOT: quantum.
// CHECK-NOT: unrealized_conversion_cast
func.func @loop(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %qn = scf.for %i = %c0 to %n step %c1 iter_args(%q = %q0) -> (!quantum.bit) {
    %q1 = quantum.custom "RX"(%x) %q : !quantum.bit
    scf.yield %q1 : !quantum.bit
  }
  %o = quantum.namedobs %qn[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %qn : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

// CHECK-LABEL: func.func @branches(
// CHECK: scf.if %{{.*}} -> (i64) {
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i64, i64) -> (i64, i64)
// CHECK: scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : i64, i64
// CHECK: ^bb0(%{{.*}}: i64, %[[REG:.*]]: i64):
// CHECK: arith.addi %[[REG]], %{{.*}} : i64
// CHECK-NOT: quantum.
func.func @branches(%x: f64, %flip: i1, %n: i64) -> f64 {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = scf.if %flip -> (!quantum.bit) {
    %a = quantum.custom "PauliX"() %q0 : !quantum.bit
    scf.yield %a : !quantum.bit
  } else {
    scf.yield %q0 : !quantum.bit
  }
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %i, %r2 = scf.while (%i = %c0, %reg = %r1) : (i64, !quantum.reg) -> (i64, !quantum.reg) {
    %more = arith.cmpi slt, %i, %n : i64
    scf.condition(%more) %i, %reg : i64, !quantum.reg
  } do {
  ^bb0(%j: i64, %reg: !quantum.reg):
    %q = quantum.extract %reg[ 0] : !quantum.reg -> !quantum.bit
    %q2 = quantum.custom "RY"(%x) %q : !quantum.bit
    %reg1 = quantum.insert %reg[ 0], %q2 : !quantum.reg, !quantum.bit
    %j1 = arith.addi %j, %c1 : i64
    scf.yield %j1, %reg1 : i64, !quantum.reg
  }
  %q3 = quantum.extract %r2[ 0] : !quantum.reg -> !quantum.bit
  %o = quantum.namedobs %q3[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

// A function over qubits: its signature, its calls and returns are retyped,
// and it fetches the context itself.
// CHECK-LABEL: func.func @entangle(
// CHECK-SAME: %[[A:.*]]: i64, %[[B:.*]]: i64) -> (i64, i64)
// CHECK: call @qgrad_rt_default_context()
// CHECK: return %[[A]], %[[B]] : i64, i64
func.func @entangle(%a: !quantum.bit, %b: !quantum.bit) -> (!quantum.bit, !quantum.bit) {
  %c:2 = quantum.custom "CNOT"() %a, %b : !quantum.bit, !quantum.bit
  return %c#0, %c#1 : !quantum.bit, !quantum.bit
}

// CHECK-LABEL: func.func @caller(
// CHECK: %{{.*}}:2 = call @entangle(%{{.*}}, %{{.*}}) : (i64, i64) -> (i64, i64)
func.func @caller() {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %e:2 = call @entangle(%q0, %q1) : (!quantum.bit, !quantum.bit) -> (!quantum.bit, !quantum.bit)
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %e#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return
}

// After scf-to-cf, block arguments carry qubits through cf branches.
// CHECK-LABEL: func.func @blocks(
// CHECK: cf.cond_br %{{.*}}, ^bb1(%{{.*}} : i64), ^bb2(%{{.*}} : i64)
// CHECK: ^bb2(%{{.*}}: i64):
func.func @blocks(%c: i1) {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  cf.cond_br %c, ^bb1(%q0 : !quantum.bit), ^bb2(%q0 : !quantum.bit)
^bb1(%a: !quantum.bit):
  %b = quantum.custom "PauliX"() %a : !quantum.bit
  cf.br ^bb2(%b : !quantum.bit)
^bb2(%q: !quantum.bit):
  %r1 = quantum.insert %r[ 0], %q : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return
}
