// A shadow whose size is known only at run time is compared with its
// primal's before the sweep: a mismatch stops the program with a message
// naming the backprop's location instead of reading or writing past the
// shadow.
// RUN: qgrad run %s 0.5 3 3 | FileCheck %s --check-prefix=SAME
// SAME: {{^}}true{{$}}
// RUN: not qgrad run %s 0.5 3 2 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: error: {{.*}}shadow-size-mismatch.mlir:36:3: grad_out buffer #0 and its primal differ in the size of dimension 0

func.func @argmap(%x: f64, %v: memref<?xf64>, %out: memref<1xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xf64>
  %zero = arith.constant 0.0 : f64
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %vi = memref.load %v[%i] : memref<?xf64>
    %t = arith.mulf %vi, %x : f64
    %a = arith.addf %acc, %t : f64
    scf.yield %a : f64
  }
  memref.store %s, %out[%c0] : memref<1xf64>
  return
}

func.func @main(%x: f64, %n64: i64, %m64: i64) -> i1 {
  %c0 = arith.constant 0 : index
  %n = arith.index_cast %n64 : i64 to index
  %m = arith.index_cast %m64 : i64 to index
  %v = memref.alloc(%n) : memref<?xf64>
  %one = arith.constant 1.0 : f64
  linalg.fill ins(%one : f64) outs(%v : memref<?xf64>)
  %dv = memref.alloc(%m) : memref<?xf64>
  %out = memref.alloca() : memref<1xf64>
  %ct = memref.alloca() : memref<1xf64>
  memref.store %one, %ct[%c0] : memref<1xf64>
  gradient.backprop @argmap(%x, %v) grad_out(%dv : memref<?xf64>)
      callee_out(%out : memref<1xf64>) cotangents(%ct : memref<1xf64>)
      {diffArgIndices = dense<[1]> : tensor<1xindex>} : (f64, memref<?xf64>) -> ()
  // Every dv_i is x.
  %d = memref.load %dv[%c0] : memref<?xf64>
  %ok = arith.cmpf oeq, %d, %x : f64
  return %ok : i1
}
