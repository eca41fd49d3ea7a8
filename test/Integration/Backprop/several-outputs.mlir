// Two callee_out buffers of different ranks, each seeded by its own
// cotangent buffer, with a differentiated scalar, a constant scalar and a
// differentiated memref among the arguments:
//   p = [x + y, x y, e^x],  q = [[v0 x, v1 y], [v0 sin v1, x^2 v1]]
//   seeds wp = [0.25, -1, 0.5], wq = [[2, 0.5], [-0.75, 1.25]]
//   dx  = 0.25 - y + 0.5 e^x + 2 v0 + 2.5 x v1
//   dv0 = 2 x - 0.75 sin v1
//   dv1 = 0.5 y - 0.75 v0 cos v1 + 1.25 x^2
// RUN: qgrad run %s 0.8 -0.3 1.7 -0.6 | FileCheck %s
// CHECK:      {{^}}3.862770464246{{[0-9]+$}}
// CHECK-NEXT: {{^}}2.023481855046{{[0-9]+$}}
// CHECK-NEXT: {{^}}-0.402302909009{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func @argmap(%x: f64, %y: f64, %v: memref<2xf64>, %p: memref<3xf64>, %q: memref<2x2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sum = arith.addf %x, %y : f64
  %prod = arith.mulf %x, %y : f64
  %exp = math.exp %x : f64
  memref.store %sum, %p[%c0] : memref<3xf64>
  memref.store %prod, %p[%c1] : memref<3xf64>
  memref.store %exp, %p[%c2] : memref<3xf64>
  %v0 = memref.load %v[%c0] : memref<2xf64>
  %v1 = memref.load %v[%c1] : memref<2xf64>
  %q00 = arith.mulf %v0, %x : f64
  %q01 = arith.mulf %v1, %y : f64
  %sin = math.sin %v1 : f64
  %q10 = arith.mulf %v0, %sin : f64
  %xx = arith.mulf %x, %x : f64
  %q11 = arith.mulf %xx, %v1 : f64
  memref.store %q00, %q[%c0, %c0] : memref<2x2xf64>
  memref.store %q01, %q[%c0, %c1] : memref<2x2xf64>
  memref.store %q10, %q[%c1, %c0] : memref<2x2xf64>
  memref.store %q11, %q[%c1, %c1] : memref<2x2xf64>
  return
}

func.func @seed_p(%wp: memref<3xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = arith.constant 0.25 : f64
  %b = arith.constant -1.0 : f64
  %c = arith.constant 0.5 : f64
  memref.store %a, %wp[%c0] : memref<3xf64>
  memref.store %b, %wp[%c1] : memref<3xf64>
  memref.store %c, %wp[%c2] : memref<3xf64>
  return
}

func.func @seed_q(%wq: memref<2x2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = arith.constant 2.0 : f64
  %b = arith.constant 0.5 : f64
  %c = arith.constant -0.75 : f64
  %d = arith.constant 1.25 : f64
  memref.store %a, %wq[%c0, %c0] : memref<2x2xf64>
  memref.store %b, %wq[%c0, %c1] : memref<2x2xf64>
  memref.store %c, %wq[%c1, %c0] : memref<2x2xf64>
  memref.store %d, %wq[%c1, %c1] : memref<2x2xf64>
  return
}

// wp . p + wq : q
func.func @loss(%x: f64, %y: f64, %v0: f64, %v1: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = memref.alloca() : memref<2xf64>
  memref.store %v0, %v[%c0] : memref<2xf64>
  memref.store %v1, %v[%c1] : memref<2xf64>
  %p = memref.alloca() : memref<3xf64>
  %q = memref.alloca() : memref<2x2xf64>
  call @argmap(%x, %y, %v, %p, %q) : (f64, f64, memref<2xf64>, memref<3xf64>, memref<2x2xf64>) -> ()
  %wp = memref.alloca() : memref<3xf64>
  %wq = memref.alloca() : memref<2x2xf64>
  call @seed_p(%wp) : (memref<3xf64>) -> ()
  call @seed_q(%wq) : (memref<2x2xf64>) -> ()
  %zero = arith.constant 0.0 : f64
  %lp = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %pi = memref.load %p[%i] : memref<3xf64>
    %wi = memref.load %wp[%i] : memref<3xf64>
    %t = arith.mulf %pi, %wi : f64
    %n = arith.addf %acc, %t : f64
    scf.yield %n : f64
  }
  %l = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %lp) -> (f64) {
    %row = scf.for %j = %c0 to %c2 step %c1 iter_args(%racc = %acc) -> (f64) {
      %qij = memref.load %q[%i, %j] : memref<2x2xf64>
      %wij = memref.load %wq[%i, %j] : memref<2x2xf64>
      %t = arith.mulf %qij, %wij : f64
      %n = arith.addf %racc, %t : f64
      scf.yield %n : f64
    }
    scf.yield %row : f64
  }
  return %l : f64
}

// Central difference of the loss in x (k = 0), v0 (k = 1) or v1 (k = 2).
func.func @central(%x: f64, %y: f64, %v0: f64, %v1: f64, %k: index) -> f64 {
  %h = arith.constant 1.0e-5 : f64
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %is0 = arith.cmpi eq, %k, %c0 : index
  %is1 = arith.cmpi eq, %k, %c1 : index
  %is2 = arith.cmpi eq, %k, %c2 : index
  %d0 = arith.select %is0, %h, %zero : f64
  %d1 = arith.select %is1, %h, %zero : f64
  %d2 = arith.select %is2, %h, %zero : f64
  %xp = arith.addf %x, %d0 : f64
  %ap = arith.addf %v0, %d1 : f64
  %bp = arith.addf %v1, %d2 : f64
  %xm = arith.subf %x, %d0 : f64
  %am = arith.subf %v0, %d1 : f64
  %bm = arith.subf %v1, %d2 : f64
  %lp = call @loss(%xp, %y, %ap, %bp) : (f64, f64, f64, f64) -> f64
  %lm = call @loss(%xm, %y, %am, %bm) : (f64, f64, f64, f64) -> f64
  %dl = arith.subf %lp, %lm : f64
  %two_h = arith.constant 2.0e-5 : f64
  %fd = arith.divf %dl, %two_h : f64
  return %fd : f64
}

func.func @main(%x: f64, %y: f64, %v0: f64, %v1: f64) -> (f64, f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = memref.alloca() : memref<2xf64>
  memref.store %v0, %v[%c0] : memref<2xf64>
  memref.store %v1, %v[%c1] : memref<2xf64>
  %dv = memref.alloca() : memref<2xf64>
  %p = memref.alloca() : memref<3xf64>
  %q = memref.alloca() : memref<2x2xf64>
  %wp = memref.alloca() : memref<3xf64>
  %wq = memref.alloca() : memref<2x2xf64>
  call @seed_p(%wp) : (memref<3xf64>) -> ()
  call @seed_q(%wq) : (memref<2x2xf64>) -> ()
  %dx = gradient.backprop @argmap(%x, %y, %v) grad_out(%dv : memref<2xf64>)
      callee_out(%p, %q : memref<3xf64>, memref<2x2xf64>)
      cotangents(%wp, %wq : memref<3xf64>, memref<2x2xf64>)
      {diffArgIndices = dense<[0, 2]> : tensor<2xindex>} : (f64, f64, memref<2xf64>) -> f64
  %g0 = memref.load %dv[%c0] : memref<2xf64>
  %g1 = memref.load %dv[%c1] : memref<2xf64>

  %f0 = call @central(%x, %y, %v0, %v1, %c0) : (f64, f64, f64, f64, index) -> f64
  %f1 = call @central(%x, %y, %v0, %v1, %c1) : (f64, f64, f64, f64, index) -> f64
  %f2 = call @central(%x, %y, %v0, %v1, %c2) : (f64, f64, f64, f64, index) -> f64
  %e0 = arith.subf %dx, %f0 : f64
  %e1 = arith.subf %g0, %f1 : f64
  %e2 = arith.subf %g1, %f2 : f64
  %a0 = math.absf %e0 : f64
  %a1 = math.absf %e1 : f64
  %a2 = math.absf %e2 : f64
  %m = arith.maximumf %a0, %a1 : f64
  %err = arith.maximumf %m, %a2 : f64
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  return %dx, %g0, %g1, %err, %ok : f64, f64, f64, f64, i1
}
