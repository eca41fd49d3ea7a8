// RUN: qgrad-opt %s --convert-quantum-to-llvm --canonicalize | FileCheck %s

// Array measurements write through the buffer's aligned pointer, guarded by
// a size check (null pointer on mismatch); observables are runtime handles.

// CHECK-LABEL: func.func @arrays(
// CHECK-SAME: %[[P:[^:]*]]: memref<4xf64>, %[[S:[^:]*]]: memref<?xcomplex<f64>>, %[[SHOTS:[^:]*]]: i64, %[[SM:[^:]*]]: memref<?x2xf64>, %[[EV:[^:]*]]: memref<4xf64>, %[[CN:[^:]*]]: memref<4xi64>)
// CHECK: %[[CTX:.*]] = call @qgrad_rt_default_context()
// CHECK: %[[PP:.*]] = llvm.select
// CHECK: call @qgrad_rt_probs(%[[CTX]], %[[WIRES:.*]], %c2_i64, %[[PP]])
// State: the size check uses the runtime's number of qubits.
// CHECK: %[[NQ:.*]] = call @qgrad_rt_num_qubits(%[[CTX]])
// CHECK: %[[EXPECTED:.*]] = arith.shli %c1_i64, %[[NQ]] : i64
// CHECK: %[[SDIM:.*]] = memref.dim %[[S]], %c0
// CHECK: %[[SDIM64:.*]] = arith.index_cast %[[SDIM]] : index to i64
// CHECK: %[[SOK:.*]] = arith.cmpi eq, %[[SDIM64]], %[[EXPECTED]] : i64
// CHECK: %[[SPTR:.*]] = llvm.select %[[SOK]]
// CHECK: call @qgrad_rt_state(%[[CTX]], %[[SPTR]])
// Sample: int64 bits into scratch, converted to f64 in a loop; seed 7.
// CHECK: %[[BITS:.*]] = memref.alloc(%{{.*}}) : memref<?xi64>
// CHECK: call @qgrad_rt_sample(%[[CTX]], %{{.*}}, %c2_i64, %{{.*}}, %c7_i64, %{{.*}})
// CHECK: scf.for
// CHECK:   memref.load %[[BITS]]
// CHECK:   arith.sitofp
// CHECK:   llvm.store %{{.*}} : f64, !llvm.ptr
// CHECK: memref.dealloc %[[BITS]]
// Counts: shots from quantum.device, default seed 0, eigenvalues 0..3.
// CHECK: call @qgrad_rt_counts(%[[CTX]], %{{.*}}, %c2_i64, %[[SHOTS]], %c0_i64, %{{.*}})
// CHECK: scf.for
// CHECK-NOT: quantum.
func.func @arrays(%pbuf: memref<4xf64>, %sbuf: memref<?xcomplex<f64>>, %shots: i64,
                  %sample: memref<?x2xf64>, %ev: memref<4xf64>, %cn: memref<4xi64>) {
  quantum.device shots(%shots) ["", "qgrad.statevector", "{}"]
  %r = quantum.alloc( 2) : !quantum.reg
  %a = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %cb = quantum.compbasis qubits %a, %b : !quantum.obs
  quantum.probs %cb in(%pbuf : memref<4xf64>)
  quantum.state %cb in(%sbuf : memref<?xcomplex<f64>>)
  quantum.sample %cb in(%sample : memref<?x2xf64>) {seed = 7 : i64}
  quantum.counts %cb in(%ev : memref<4xf64>, %cn : memref<4xi64>)
  quantum.dealloc %r : !quantum.reg
  return
}

// CHECK-LABEL: func.func @observables(
// CHECK-SAME: %[[M:[^:]*]]: memref<2x2xcomplex<f64>>, %[[C:[^:]*]]: memref<?xf64>)
// CHECK: %[[X:.*]] = call @qgrad_rt_obs_named(%{{.*}}, %c1_i64, %c0_i64)
// CHECK: %[[Z:.*]] = call @qgrad_rt_obs_named(%{{.*}}, %c3_i64, %c1_i64)
// CHECK: %[[H:.*]] = call @qgrad_rt_obs_hermitian(%{{.*}}, %{{.*}}, %{{.*}}, %c1_i64)
// CHECK: llvm.store %[[X]], %[[FACTORS:.*]] : i64, !llvm.ptr
// CHECK: %[[T:.*]] = call @qgrad_rt_obs_tensor(%{{.*}}, %[[FACTORS]], %c2_i64)
// The coefficient buffer is dynamic: checked against the two terms.
// CHECK: %[[CDIM:.*]] = memref.dim %[[C]], %c0
// CHECK: call @qgrad_rt_obs_hamiltonian(%{{.*}}, %{{.*}}, %{{.*}}, %c2_i64)
// CHECK: call @qgrad_rt_expval(
// CHECK: call @qgrad_rt_var(
// Measure: postselect 1, the outcome compared with 1, the same wire back.
// CHECK: %[[OUT:.*]] = call @qgrad_rt_measure(%{{.*}}, %c0_i64, %c1_i64)
// CHECK: arith.cmpi eq, %[[OUT]], %c1_i64 : i64
// CHECK: call @qgrad_rt_measure(%{{.*}}, %c1_i64, %c-1_i64)
func.func @observables(%m: memref<2x2xcomplex<f64>>, %coeffs: memref<?xf64>) -> (f64, f64, i1, i1) {
  %r = quantum.alloc( 2) : !quantum.reg
  %a = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %x = quantum.namedobs %a[PauliX] : !quantum.obs
  %z = quantum.namedobs %b[PauliZ] : !quantum.obs
  %h = quantum.hermitian(%m : memref<2x2xcomplex<f64>>) %a : !quantum.obs
  %t = quantum.tensor %x, %z : !quantum.obs
  %ham = quantum.hamiltonian(%coeffs : memref<?xf64>) %t, %h : !quantum.obs
  %e = quantum.expval %ham : f64
  %v = quantum.var %z : f64
  %m0, %a1 = quantum.measure %a {postselect = 1 : i64} : i1, !quantum.bit
  %m1, %b1 = quantum.measure %b : i1, !quantum.bit
  %r1 = quantum.insert %r[ 0], %a1 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %b1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e, %v, %m0, %m1 : f64, f64, i1, i1
}

// A whole register: the runtime's null wire list, all qubits.
// CHECK-LABEL: func.func @whole_register(
// CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK: %[[N:.*]] = call @qgrad_rt_num_qubits(
// CHECK: call @qgrad_rt_probs(%{{.*}}, %[[NULL]], %[[N]], %{{.*}})
func.func @whole_register(%n: i64, %buf: memref<?xf64>) {
  %r = quantum.alloc(%n) : !quantum.reg
  %c = quantum.compbasis qreg %r : !quantum.obs
  quantum.probs %c in(%buf : memref<?xf64>)
  quantum.dealloc %r : !quantum.reg
  return
}

// Modules without quantum ops are left alone.
// CHECK-LABEL: func.func @classical(
// CHECK-NEXT: return
func.func @classical() {
  return
}
