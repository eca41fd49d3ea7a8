// A callee whose loop runs a trip count known only at run time (main's
// argument n), over dynamically sized buffers: out_i = c_i x^(i+1), the
// power carried from one iteration to the next. Seeds w_i = 1/(i+1):
//   dx = sum_i c_i x^i,   dc_i = x^(i+1) / (i+1)
// with c_i = cos(i). main returns dx, dc_0, dc_{n-1}, the largest
// difference to central finite differences over x and every c_i, and
// whether it is below 1e-6.
// RUN: qgrad run %s 0.9 7 | FileCheck %s
// CHECK:      {{^}}0.676406569209{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.900000000000{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.068328128571{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}
// RUN: qgrad run %s -1.05 40 | FileCheck %s --check-prefix=LONG
// LONG:       {{^}}true{{$}}

func.func @argmap(%x: f64, %c: memref<?xf64>, %n: index, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%power = %one) -> (f64) {
    %next = arith.mulf %power, %x : f64
    %ci = memref.load %c[%i] : memref<?xf64>
    %term = arith.mulf %ci, %next : f64
    memref.store %term, %out[%i] : memref<?xf64>
    scf.yield %next : f64
  }
  return
}

// w_i = 1 / (i + 1)
func.func @seed(%w: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %ip1 = arith.addi %i, %c1 : index
    %k = arith.index_cast %ip1 : index to i64
    %kf = arith.sitofp %k : i64 to f64
    %wi = arith.divf %one, %kf : f64
    memref.store %wi, %w[%i] : memref<?xf64>
  }
  return
}

func.func @loss(%x: f64, %c: memref<?xf64>, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = memref.alloc(%n) : memref<?xf64>
  %w = memref.alloc(%n) : memref<?xf64>
  call @argmap(%x, %c, %n, %out) : (f64, memref<?xf64>, index, memref<?xf64>) -> ()
  call @seed(%w, %n) : (memref<?xf64>, index) -> ()
  %zero = arith.constant 0.0 : f64
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f64) {
    %o = memref.load %out[%i] : memref<?xf64>
    %wi = memref.load %w[%i] : memref<?xf64>
    %t = arith.mulf %o, %wi : f64
    %s = arith.addf %acc, %t : f64
    scf.yield %s : f64
  }
  return %l : f64
}

func.func @main(%x: f64, %n64: i64) -> (f64, f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.index_cast %n64 : i64 to index
  %c = memref.alloc(%n) : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.index_cast %i : index to i64
    %kf = arith.sitofp %k : i64 to f64
    %ci = math.cos %kf : f64
    memref.store %ci, %c[%i] : memref<?xf64>
  }
  %dc = memref.alloc(%n) : memref<?xf64>
  %out = memref.alloc(%n) : memref<?xf64>
  %w = memref.alloc(%n) : memref<?xf64>
  call @seed(%w, %n) : (memref<?xf64>, index) -> ()
  %dx = gradient.backprop @argmap(%x, %c, %n) grad_out(%dc : memref<?xf64>)
      callee_out(%out : memref<?xf64>) cotangents(%w : memref<?xf64>)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, memref<?xf64>, index) -> f64

  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %lxp = call @loss(%xp, %c, %n) : (f64, memref<?xf64>, index) -> f64
  %lxm = call @loss(%xm, %c, %n) : (f64, memref<?xf64>, index) -> f64
  %dl = arith.subf %lxp, %lxm : f64
  %fdx = arith.divf %dl, %two_h : f64
  %ex = arith.subf %dx, %fdx : f64
  %errx = math.absf %ex : f64
  // Move each c_i by +-h in place, then put it back.
  %err = scf.for %i = %c0 to %n step %c1 iter_args(%worst = %errx) -> (f64) {
    %ci = memref.load %c[%i] : memref<?xf64>
    %cp = arith.addf %ci, %h : f64
    memref.store %cp, %c[%i] : memref<?xf64>
    %lp = func.call @loss(%x, %c, %n) : (f64, memref<?xf64>, index) -> f64
    %cm = arith.subf %ci, %h : f64
    memref.store %cm, %c[%i] : memref<?xf64>
    %lm = func.call @loss(%x, %c, %n) : (f64, memref<?xf64>, index) -> f64
    memref.store %ci, %c[%i] : memref<?xf64>
    %d = arith.subf %lp, %lm : f64
    %fd = arith.divf %d, %two_h : f64
    %g = memref.load %dc[%i] : memref<?xf64>
    %e = arith.subf %g, %fd : f64
    %a = math.absf %e : f64
    %m = arith.maximumf %worst, %a : f64
    scf.yield %m : f64
  }
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  %nm1 = arith.subi %n, %c1 : index
  %first = memref.load %dc[%c0] : memref<?xf64>
  %lastg = memref.load %dc[%nm1] : memref<?xf64>
  return %dx, %first, %lastg, %err, %ok : f64, f64, f64, f64, i1
}
