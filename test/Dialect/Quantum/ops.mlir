// RUN: qgrad-opt %s | qgrad-opt | FileCheck %s
// RUN: qgrad-opt %s --mlir-print-op-generic | qgrad-opt | FileCheck %s
// RUN: qgrad-opt %s -emit-bytecode | qgrad-opt | FileCheck %s

// The Catalyst spellings of every quantum op parse and print back unchanged.

// CHECK-LABEL: func.func @memory(
// CHECK-SAME: %[[N:.*]]: i64, %[[I:.*]]: i64)
func.func @memory(%n: i64, %i: i64) {
  // CHECK: %[[R:.*]] = quantum.alloc( 2) : !quantum.reg
  %r = quantum.alloc( 2) : !quantum.reg
  // CHECK: %[[RN:.*]] = quantum.alloc(%[[N]]) : !quantum.reg
  %rn = quantum.alloc(%n) : !quantum.reg
  // CHECK: %[[Q0:.*]] = quantum.extract %[[R]][ 0] : !quantum.reg -> !quantum.bit
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  // CHECK: %[[QI:.*]] = quantum.extract %[[RN]][%[[I]]] : !quantum.reg -> !quantum.bit
  %qi = quantum.extract %rn[%i] : !quantum.reg -> !quantum.bit
  // CHECK: %[[R1:.*]] = quantum.insert %[[R]][ 0], %[[Q0]] : !quantum.reg, !quantum.bit
  %r1 = quantum.insert %r[ 0], %q0 : !quantum.reg, !quantum.bit
  // CHECK: quantum.insert %[[RN]][%[[I]]], %[[QI]] : !quantum.reg, !quantum.bit
  %rn1 = quantum.insert %rn[%i], %qi : !quantum.reg, !quantum.bit
  // CHECK: quantum.dealloc %[[R1]] : !quantum.reg
  quantum.dealloc %r1 : !quantum.reg
  quantum.dealloc %rn1 : !quantum.reg
  return
}

// CHECK-LABEL: func.func @device(
func.func @device(%shots: i64) {
  // CHECK: quantum.device ["", "qgrad.statevector", "{}"]
  quantum.device ["", "qgrad.statevector", "{}"]
  // CHECK: quantum.device shots(%{{.*}}) ["", "qgrad.statevector", "{}"]
  quantum.device shots(%shots) ["", "qgrad.statevector", "{}"]
  return
}

// CHECK-LABEL: func.func @gates(
// CHECK-SAME: %[[T:.*]]: f64, %[[A:.*]]: !quantum.bit, %[[B:.*]]: !quantum.bit, %[[C:.*]]: !quantum.bit, %[[U:.*]]: tensor<4x4xcomplex<f64>>)
func.func @gates(%t: f64, %a: !quantum.bit, %b: !quantum.bit, %c: !quantum.bit,
                 %u: tensor<4x4xcomplex<f64>>) -> (!quantum.bit, !quantum.bit, !quantum.bit) {
  // CHECK: %[[Q1:.*]] = quantum.custom "RX"(%[[T]]) %[[A]] : !quantum.bit
  %q1 = quantum.custom "RX"(%t) %a : !quantum.bit
  // CHECK: %[[Q:.*]]:2 = quantum.custom "CNOT"() %[[Q1]], %[[B]] : !quantum.bit, !quantum.bit
  %q:2 = quantum.custom "CNOT"() %q1, %b : !quantum.bit, !quantum.bit
  // CHECK: %[[Q2:.*]] = quantum.custom "RX"(%[[T]]) %[[Q]]#0 {adjoint} : !quantum.bit
  %q2 = quantum.custom "RX"(%t) %q#0 {adjoint} : !quantum.bit
  // CHECK: quantum.custom "Rot"(%[[T]], %[[T]], %[[T]]) %[[Q2]] : !quantum.bit
  %q3 = quantum.custom "Rot"(%t, %t, %t) %q2 : !quantum.bit
  // CHECK: quantum.custom "CRX"(%[[T]])
  %q4:2 = quantum.custom "CRX"(%t) %q3, %q#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.custom "Toffoli"()
  %q5:3 = quantum.custom "Toffoli"() %q4#0, %q4#1, %c : !quantum.bit, !quantum.bit, !quantum.bit
  // CHECK: %[[M:.*]]:2 = quantum.multirz(%[[T]]) %{{.*}}, %{{.*}} : !quantum.bit, !quantum.bit
  %m:2 = quantum.multirz(%t) %q5#0, %q5#1 : !quantum.bit, !quantum.bit
  // CHECK: quantum.multirz(%[[T]]) %{{.*}} {adjoint} : !quantum.bit
  %m1 = quantum.multirz(%t) %m#0 {adjoint} : !quantum.bit
  // CHECK: quantum.unitary(%[[U]] : tensor<4x4xcomplex<f64>>) %{{.*}}, %{{.*}} : !quantum.bit, !quantum.bit
  %v:2 = quantum.unitary(%u : tensor<4x4xcomplex<f64>>) %m1, %m#1 : !quantum.bit, !quantum.bit
  return %v#0, %v#1, %q5#2 : !quantum.bit, !quantum.bit, !quantum.bit
}

// CHECK-LABEL: func.func @observables(
// CHECK-SAME: %[[A:.*]]: !quantum.bit, %[[B:.*]]: !quantum.bit, %[[H:.*]]: tensor<2x2xcomplex<f64>>, %[[CO:.*]]: tensor<2xf64>, %[[R:.*]]: !quantum.reg)
func.func @observables(%a: !quantum.bit, %b: !quantum.bit, %h: tensor<2x2xcomplex<f64>>,
                       %coeffs: tensor<2xf64>, %r: !quantum.reg) -> (f64, f64) {
  // CHECK: %[[X:.*]] = quantum.namedobs %[[A]][PauliX] : !quantum.obs
  %x = quantum.namedobs %a[PauliX] : !quantum.obs
  // CHECK: quantum.namedobs %[[A]][PauliY] : !quantum.obs
  %y = quantum.namedobs %a[PauliY] : !quantum.obs
  // CHECK: %[[Z:.*]] = quantum.namedobs %[[B]][PauliZ] : !quantum.obs
  %z = quantum.namedobs %b[PauliZ] : !quantum.obs
  // CHECK: quantum.namedobs %[[B]][Hadamard] : !quantum.obs
  %hd = quantum.namedobs %b[Hadamard] : !quantum.obs
  // CHECK: quantum.namedobs %[[B]][Identity] : !quantum.obs
  %id = quantum.namedobs %b[Identity] : !quantum.obs
  // CHECK: %[[HM:.*]] = quantum.hermitian(%[[H]] : tensor<2x2xcomplex<f64>>) %[[A]] : !quantum.obs
  %herm = quantum.hermitian(%h : tensor<2x2xcomplex<f64>>) %a : !quantum.obs
  // CHECK: %[[TP:.*]] = quantum.tensor %[[X]], %[[Z]] : !quantum.obs
  %t = quantum.tensor %x, %z : !quantum.obs
  // CHECK: %[[HAM:.*]] = quantum.hamiltonian(%[[CO]] : tensor<2xf64>) %[[TP]], %[[HM]] : !quantum.obs
  %ham = quantum.hamiltonian(%coeffs : tensor<2xf64>) %t, %herm : !quantum.obs
  // CHECK: quantum.compbasis qubits %[[A]], %[[B]] : !quantum.obs
  %cb = quantum.compbasis qubits %a, %b : !quantum.obs
  // CHECK: quantum.compbasis qreg %[[R]] : !quantum.obs
  %cr = quantum.compbasis qreg %r : !quantum.obs
  // CHECK: quantum.expval %[[HAM]] : f64
  %e = quantum.expval %ham : f64
  // CHECK: quantum.var %[[Z]] : f64
  %v = quantum.var %z : f64
  return %e, %v : f64, f64
}

// CHECK-LABEL: func.func @measurements(
func.func @measurements(%a: !quantum.bit, %b: !quantum.bit, %n: i64, %s: i64,
                        %pbuf: memref<4xf64>, %sbuf: memref<?xcomplex<f64>>) {
  %cb = quantum.compbasis qubits %a, %b : !quantum.obs
  %z = quantum.namedobs %a[PauliZ] : !quantum.obs
  // CHECK: quantum.probs %{{.*}} : tensor<4xf64>
  %p = quantum.probs %cb : tensor<4xf64>
  // CHECK: quantum.probs %{{.*}} shape %{{.*}} : tensor<?xf64>
  %pd = quantum.probs %cb shape %n : tensor<?xf64>
  // CHECK: quantum.probs %{{.*}} in(%{{.*}} : memref<4xf64>)
  quantum.probs %cb in(%pbuf : memref<4xf64>)
  // CHECK: quantum.state %{{.*}} : tensor<4xcomplex<f64>>
  %st = quantum.state %cb : tensor<4xcomplex<f64>>
  // CHECK: quantum.state %{{.*}} in(%{{.*}} : memref<?xcomplex<f64>>)
  quantum.state %cb in(%sbuf : memref<?xcomplex<f64>>)
  // CHECK: quantum.sample %{{.*}} : tensor<1000x2xf64>
  %sm = quantum.sample %cb : tensor<1000x2xf64>
  // CHECK: quantum.sample %{{.*}} shape %{{.*}} : tensor<?x2xf64>
  %smd = quantum.sample %cb shape %s : tensor<?x2xf64>
  // CHECK: quantum.sample %{{.*}} : tensor<100xf64>
  %sz = quantum.sample %z : tensor<100xf64>
  // CHECK: %{{.*}}, %{{.*}} = quantum.counts %{{.*}} : tensor<4xf64>, tensor<4xi64>
  %ev, %cn = quantum.counts %cb : tensor<4xf64>, tensor<4xi64>
  // CHECK: quantum.counts %{{.*}} : tensor<2xf64>, tensor<2xi64>
  %ez, %cz = quantum.counts %z : tensor<2xf64>, tensor<2xi64>
  // CHECK: %{{.*}}, %{{.*}} = quantum.measure %{{.*}} : i1, !quantum.bit
  %m, %q1 = quantum.measure %b : i1, !quantum.bit
  return
}

// Qubits and registers flow through structured control flow as values.
// CHECK-LABEL: func.func @loop(
func.func @loop(%x: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!quantum.bit)
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
func.func @branches(%x: f64, %flip: i1, %n: i64) -> f64 {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  // CHECK: scf.if %{{.*}} -> (!quantum.bit)
  %q1 = scf.if %flip -> (!quantum.bit) {
    %a = quantum.custom "PauliX"() %q0 : !quantum.bit
    scf.yield %a : !quantum.bit
  } else {
    scf.yield %q0 : !quantum.bit
  }
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  // A register carried through a loop whose trip count is known at run time.
  // CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i64, !quantum.reg) -> (i64, !quantum.reg)
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
