// RUN: qgrad-opt %s --convert-quantum-to-llvm --canonicalize | FileCheck %s

// Gates become qgrad_rt_apply(ctx, id, params, wires, num_wires, adjoint)
// with the runtime's ids (RX 8, Rot 11, Toffoli 26, MultiRZ 27,
// QubitUnitary 28); angles and wires go through stack arrays allocated once
// at the function entry, a unitary passes its matrix as the parameters, and
// a qubit is its wire: base 0 plus its index.

// CHECK-DAG: func.func private @qgrad_rt_default_context() -> !llvm.ptr
// CHECK-DAG: func.func private @qgrad_rt_allocate(!llvm.ptr, i64) -> i64
// CHECK-DAG: func.func private @qgrad_rt_apply(!llvm.ptr, i64, !llvm.ptr, !llvm.ptr, i64, i64) -> i64
// Declarations nobody calls are erased.
// CHECK-NOT: func.func private @qgrad_rt_probs

// CHECK-LABEL: func.func @gates(
// CHECK-SAME: %[[T:.*]]: f64, %[[U:.*]]: memref<4x4xcomplex<f64>>) -> f64
// CHECK: %[[CTX:.*]] = call @qgrad_rt_default_context() : () -> !llvm.ptr
// CHECK-NEXT: llvm.alloca
// CHECK: call @qgrad_rt_allocate(%[[CTX]], %c3_i64)
// CHECK-NEXT: llvm.store %[[T]], %[[RXP:.*]] : f64, !llvm.ptr
// CHECK: call @qgrad_rt_apply(%[[CTX]], %c8_i64, %[[RXP]], %{{.*}}, %c1_i64, %c1_i64)
// CHECK: %[[ROT1:.*]] = llvm.getelementptr %[[ROTP:.*]][1] : (!llvm.ptr) -> !llvm.ptr, f64
// CHECK: %[[ROT2:.*]] = llvm.getelementptr %[[ROTP]][2] : (!llvm.ptr) -> !llvm.ptr, f64
// CHECK: call @qgrad_rt_apply(%[[CTX]], %c11_i64, %[[ROTP]], %{{.*}}, %c1_i64, %c0_i64)
// CHECK: %[[TW:.*]] = llvm.getelementptr %[[TOFW:.*]][2] : (!llvm.ptr) -> !llvm.ptr, i64
// CHECK: llvm.store %c2_i64, %[[TW]] : i64, !llvm.ptr
// CHECK: call @qgrad_rt_apply(%[[CTX]], %c26_i64, %[[NULL:.*]], %[[TOFW]], %c3_i64, %c0_i64)
// CHECK: call @qgrad_rt_apply(%[[CTX]], %c27_i64, %{{.*}}, %{{.*}}, %c2_i64, %c0_i64)
// CHECK: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[U]]
// CHECK: %[[ADDR64:.*]] = arith.index_cast %[[ADDR]] : index to i64
// CHECK: %[[MAT:.*]] = llvm.inttoptr %[[ADDR64]] : i64 to !llvm.ptr
// CHECK: %[[GUARDED:.*]] = llvm.select %{{.*}}, %[[MAT]], %[[NULL]]
// CHECK: call @qgrad_rt_apply(%[[CTX]], %c28_i64, %[[GUARDED]], %{{.*}}, %c2_i64, %c0_i64)
// CHECK: %[[OBS:.*]] = call @qgrad_rt_obs_named(%[[CTX]], %c3_i64, %c1_i64)
// CHECK: %[[E:.*]] = call @qgrad_rt_expval(%[[CTX]], %[[OBS]]) : (!llvm.ptr, i64) -> f64
// CHECK: call @qgrad_rt_obs_clear(%[[CTX]])
// CHECK: call @qgrad_rt_allocate(%[[CTX]], %c0_i64)
// CHECK: return %[[E]] : f64
func.func @gates(%t: f64, %u: memref<4x4xcomplex<f64>>) -> f64 {
  %r = quantum.alloc( 3) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %a = quantum.custom "RX"(%t) %q0 {adjoint} : !quantum.bit
  %b = quantum.custom "Rot"(%t, %t, %t) %a : !quantum.bit
  %c:3 = quantum.custom "Toffoli"() %b, %q1, %q2 : !quantum.bit, !quantum.bit, !quantum.bit
  %d:2 = quantum.multirz(%t) %c#0, %c#1 : !quantum.bit, !quantum.bit
  %e:2 = quantum.unitary(%u : memref<4x4xcomplex<f64>>) %d#0, %d#1 : !quantum.bit, !quantum.bit
  %z = quantum.namedobs %e#1[PauliZ] : !quantum.obs
  %v = quantum.expval %z : f64
  %r1 = quantum.insert %r[ 0], %e#0 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %v : f64
}

// A dynamic register size and index: the wire is base + index.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[N:.*]]: i64, %[[I:.*]]: i64)
// CHECK: call @qgrad_rt_allocate(%{{.*}}, %[[N]])
// CHECK: llvm.store %[[I]], %{{.*}} : i64, !llvm.ptr
// CHECK: call @qgrad_rt_apply(%{{.*}}, %c4_i64,
func.func @dynamic(%n: i64, %i: i64) {
  %r = quantum.alloc(%n) : !quantum.reg
  %q = quantum.extract %r[%i] : !quantum.reg -> !quantum.bit
  %h = quantum.custom "Hadamard"() %q : !quantum.bit
  %r1 = quantum.insert %r[%i], %h : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return
}
