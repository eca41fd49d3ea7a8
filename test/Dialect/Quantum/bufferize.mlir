// RUN: qgrad-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --split-input-file | FileCheck %s
// RUN: qgrad-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --canonicalize --buffer-deallocation-pipeline --split-input-file | FileCheck %s --check-prefix=DEALLOC

// Array measurements write into fresh identity-layout buffers; dynamic sizes
// come from their `shape` operands; discardable attributes (seed) stay.

// CHECK-LABEL: func.func @measurements(
// CHECK-SAME: %[[A:[^:]*]]: !quantum.bit, %[[B:[^:]*]]: !quantum.bit, %[[N:[^:]*]]: i64)
// CHECK-SAME: -> (memref<4xf64>, memref<?xcomplex<f64>>, memref<?x2xf64>, memref<4xf64>, memref<4xi64>, f64)
// CHECK: %[[C:.*]] = quantum.compbasis qubits %[[A]], %[[B]]
// CHECK: %[[P:.*]] = memref.alloc() {{.*}}: memref<4xf64>
// CHECK: quantum.probs %[[C]] in(%[[P]] : memref<4xf64>)
// CHECK: %[[NI:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK: %[[S:.*]] = memref.alloc(%[[NI]]) {{.*}}: memref<?xcomplex<f64>>
// CHECK: quantum.state %[[C]] in(%[[S]] : memref<?xcomplex<f64>>)
// CHECK: %[[SM:.*]] = memref.alloc(%{{.*}}) {{.*}}: memref<?x2xf64>
// CHECK: quantum.sample %[[C]] in(%[[SM]] : memref<?x2xf64>) {seed = 3 : i64}
// CHECK: %[[EV:.*]] = memref.alloc() {{.*}}: memref<4xf64>
// CHECK: %[[CN:.*]] = memref.alloc() {{.*}}: memref<4xi64>
// CHECK: quantum.counts %[[C]] in(%[[EV]] : memref<4xf64>, %[[CN]] : memref<4xi64>)
// CHECK: return %[[P]], %[[S]], %[[SM]], %[[EV]], %[[CN]]
// The deallocation pipeline accepts the buffer forms and measurements.
// DEALLOC-LABEL: func.func @measurements(
// DEALLOC: quantum.probs
// DEALLOC: quantum.expval
func.func @measurements(%a: !quantum.bit, %b: !quantum.bit, %n: i64)
    -> (tensor<4xf64>, tensor<?xcomplex<f64>>, tensor<?x2xf64>, tensor<4xf64>, tensor<4xi64>, f64) {
  %c = quantum.compbasis qubits %a, %b : !quantum.obs
  %p = quantum.probs %c : tensor<4xf64>
  %s = quantum.state %c shape %n : tensor<?xcomplex<f64>>
  %sm = quantum.sample %c shape %n {seed = 3 : i64} : tensor<?x2xf64>
  %ev, %cn = quantum.counts %c : tensor<4xf64>, tensor<4xi64>
  %z = quantum.namedobs %a[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  return %p, %s, %sm, %ev, %cn, %e : tensor<4xf64>, tensor<?xcomplex<f64>>, tensor<?x2xf64>, tensor<4xf64>, tensor<4xi64>, f64
}

// -----

// Matrices and coefficients become memref operands; a strided slice is
// copied into a contiguous buffer first.
// CHECK-LABEL: func.func @readers(
// CHECK-SAME: %[[M:[^:]*]]: memref<2x2xcomplex<f64>>, %[[K:[^:]*]]: memref<4xf64>, %[[Q:[^:]*]]: !quantum.bit)
// CHECK: quantum.unitary(%[[M]] : memref<2x2xcomplex<f64>>)
// CHECK: quantum.hermitian(%[[M]] : memref<2x2xcomplex<f64>>)
// CHECK: %[[SLICE:.*]] = memref.subview %[[K]][1] [2] [1]
// CHECK: %[[COPY:.*]] = memref.alloc() {{.*}}: memref<2xf64>
// CHECK: memref.copy %[[SLICE]], %[[COPY]]
// CHECK: quantum.hamiltonian(%[[COPY]] : memref<2xf64>)
func.func @readers(%m: tensor<2x2xcomplex<f64>>, %k: tensor<4xf64>, %q: !quantum.bit) -> (!quantum.bit, f64) {
  %u = quantum.unitary(%m : tensor<2x2xcomplex<f64>>) %q : !quantum.bit
  %h = quantum.hermitian(%m : tensor<2x2xcomplex<f64>>) %u : !quantum.obs
  %z = quantum.namedobs %u[PauliZ] : !quantum.obs
  %coeffs = tensor.extract_slice %k[1] [2] [1] : tensor<4xf64> to tensor<2xf64>
  %ham = quantum.hamiltonian(%coeffs : tensor<2xf64>) %h, %z : !quantum.obs
  %e = quantum.expval %ham : f64
  return %u, %e : !quantum.bit, f64
}
