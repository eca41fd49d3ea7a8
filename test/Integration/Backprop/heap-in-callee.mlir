// Heap memory inside the differentiated code: the callee allocates a
// temporary of run-time size (an aligned memref.alloc, lowered to
// aligned_alloc, which the lowering registers with the engine so that the
// temporary gets a zeroed shadow) and the deallocation pipeline frees it.
// F(x) = [log sum_i e^(x_i)] seeded with 1: dx_i = softmax(x)_i, with
// x_i = s cos(i). main returns dx_0, dx_{n-1}, the largest difference to
// central finite differences over every x_i, and whether it is below 1e-6.
// RUN: qgrad run %s 6 0.8 | FileCheck %s
// CHECK:      {{^}}0.328079067586{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.184968286751{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}
// RUN: qgrad run %s 6 0.8 -O0 | FileCheck %s

func.func @logsumexp(%x: memref<?xf64>, %out: memref<1xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf64>
  %tmp = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %xi = memref.load %x[%i] : memref<?xf64>
    %e = math.exp %xi : f64
    memref.store %e, %tmp[%i] : memref<?xf64>
  }
  %zero = arith.constant 0.0 : f64
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %t = memref.load %tmp[%i] : memref<?xf64>
    %s = arith.addf %acc, %t : f64
    scf.yield %s : f64
  }
  %l = math.log %sum : f64
  memref.store %l, %out[%c0] : memref<1xf64>
  return
}

func.func @loss(%x: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %out = memref.alloca() : memref<1xf64>
  call @logsumexp(%x, %out) : (memref<?xf64>, memref<1xf64>) -> ()
  %l = memref.load %out[%c0] : memref<1xf64>
  return %l : f64
}

func.func @main(%n64: i64, %s: f64) -> (f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.index_cast %n64 : i64 to index
  %x = memref.alloc(%n) : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.index_cast %i : index to i64
    %kf = arith.sitofp %k : i64 to f64
    %c = math.cos %kf : f64
    %xi = arith.mulf %s, %c : f64
    memref.store %xi, %x[%i] : memref<?xf64>
  }
  %dx = memref.alloc(%n) : memref<?xf64>
  %out = memref.alloca() : memref<1xf64>
  %ct = memref.alloca() : memref<1xf64>
  %one = arith.constant 1.0 : f64
  memref.store %one, %ct[%c0] : memref<1xf64>
  gradient.backprop @logsumexp(%x) grad_out(%dx : memref<?xf64>)
      callee_out(%out : memref<1xf64>) cotangents(%ct : memref<1xf64>)
      : (memref<?xf64>) -> ()

  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %zero = arith.constant 0.0 : f64
  %err = scf.for %i = %c0 to %n step %c1 iter_args(%worst = %zero) -> (f64) {
    %xi = memref.load %x[%i] : memref<?xf64>
    %xp = arith.addf %xi, %h : f64
    memref.store %xp, %x[%i] : memref<?xf64>
    %lp = func.call @loss(%x) : (memref<?xf64>) -> f64
    %xm = arith.subf %xi, %h : f64
    memref.store %xm, %x[%i] : memref<?xf64>
    %lm = func.call @loss(%x) : (memref<?xf64>) -> f64
    memref.store %xi, %x[%i] : memref<?xf64>
    %d = arith.subf %lp, %lm : f64
    %fd = arith.divf %d, %two_h : f64
    %g = memref.load %dx[%i] : memref<?xf64>
    %e = arith.subf %g, %fd : f64
    %a = math.absf %e : f64
    %m = arith.maximumf %worst, %a : f64
    scf.yield %m : f64
  }
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  %last = arith.subi %n, %c1 : index
  %g0 = memref.load %dx[%c0] : memref<?xf64>
  %gl = memref.load %dx[%last] : memref<?xf64>
  return %g0, %gl, %err, %ok : f64, f64, f64, i1
}
