// A differentiated memref argument next to a differentiated scalar: the
// memref's adjoint lands in its grad_out shadow (zeroed by the lowering, so
// the garbage written into it first must not survive), the scalar's comes
// back as the result. F(v, s) = [s sum_i v_i^2, v0 v1 v2 cos s], seeded with
// w = [1.5, 0.5]:
//   dv_i = 3 s v_i + 0.5 cos s prod_{j != i} v_j
//   ds   = 1.5 sum_i v_i^2 - 0.5 v0 v1 v2 sin s
// The loop in the callee has a constant trip count.
// RUN: qgrad run %s 0.4 -1.1 0.9 0.6 | FileCheck %s
// RUN: qgrad run %s 0.4 -1.1 0.9 0.6 -O0 | FileCheck %s
// CHECK:      {{^}}0.311458870619{{[0-9]+$}}
// CHECK-NEXT: {{^}}-1.831439589316{{[0-9]+$}}
// CHECK-NEXT: {{^}}1.438426164719{{[0-9]+$}}
// CHECK-NEXT: {{^}}3.381799209732{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func @argmap(%v: memref<3xf64>, %s: f64, %out: memref<2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f64
  %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f64) {
    %vi = memref.load %v[%i] : memref<3xf64>
    %sq = arith.mulf %vi, %vi : f64
    %next = arith.addf %acc, %sq : f64
    scf.yield %next : f64
  }
  %o0 = arith.mulf %s, %sum : f64
  memref.store %o0, %out[%c0] : memref<2xf64>
  %v0 = memref.load %v[%c0] : memref<3xf64>
  %v1 = memref.load %v[%c1] : memref<3xf64>
  %v2 = memref.load %v[%c2] : memref<3xf64>
  %p01 = arith.mulf %v0, %v1 : f64
  %p = arith.mulf %p01, %v2 : f64
  %cos = math.cos %s : f64
  %o1 = arith.mulf %p, %cos : f64
  memref.store %o1, %out[%c1] : memref<2xf64>
  return
}

func.func @loss(%v0: f64, %v1: f64, %v2: f64, %s: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = memref.alloca() : memref<3xf64>
  memref.store %v0, %v[%c0] : memref<3xf64>
  memref.store %v1, %v[%c1] : memref<3xf64>
  memref.store %v2, %v[%c2] : memref<3xf64>
  %out = memref.alloca() : memref<2xf64>
  call @argmap(%v, %s, %out) : (memref<3xf64>, f64, memref<2xf64>) -> ()
  %o0 = memref.load %out[%c0] : memref<2xf64>
  %o1 = memref.load %out[%c1] : memref<2xf64>
  %w0 = arith.constant 1.5 : f64
  %w1 = arith.constant 0.5 : f64
  %a = arith.mulf %w0, %o0 : f64
  %b = arith.mulf %w1, %o1 : f64
  %l = arith.addf %a, %b : f64
  return %l : f64
}

// (loss at +h - loss at -h) / 2h, with component k of (v0, v1, v2, s) moved.
func.func @central(%v0: f64, %v1: f64, %v2: f64, %s: f64, %k: index) -> f64 {
  %h = arith.constant 1.0e-5 : f64
  %mh = arith.constant -1.0e-5 : f64
  %zero = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %is0 = arith.cmpi eq, %k, %c0 : index
  %is1 = arith.cmpi eq, %k, %c1 : index
  %is2 = arith.cmpi eq, %k, %c2 : index
  %is3 = arith.cmpi eq, %k, %c3 : index
  %d0 = arith.select %is0, %h, %zero : f64
  %d1 = arith.select %is1, %h, %zero : f64
  %d2 = arith.select %is2, %h, %zero : f64
  %d3 = arith.select %is3, %h, %zero : f64
  %a0 = arith.addf %v0, %d0 : f64
  %a1 = arith.addf %v1, %d1 : f64
  %a2 = arith.addf %v2, %d2 : f64
  %a3 = arith.addf %s, %d3 : f64
  %b0 = arith.subf %v0, %d0 : f64
  %b1 = arith.subf %v1, %d1 : f64
  %b2 = arith.subf %v2, %d2 : f64
  %b3 = arith.subf %s, %d3 : f64
  %lp = call @loss(%a0, %a1, %a2, %a3) : (f64, f64, f64, f64) -> f64
  %lm = call @loss(%b0, %b1, %b2, %b3) : (f64, f64, f64, f64) -> f64
  %dl = arith.subf %lp, %lm : f64
  %two_h = arith.constant 2.0e-5 : f64
  %fd = arith.divf %dl, %two_h : f64
  return %fd : f64
}

func.func @main(%v0: f64, %v1: f64, %v2: f64, %s: f64) -> (f64, f64, f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = memref.alloca() : memref<3xf64>
  memref.store %v0, %v[%c0] : memref<3xf64>
  memref.store %v1, %v[%c1] : memref<3xf64>
  memref.store %v2, %v[%c2] : memref<3xf64>
  %dv = memref.alloca() : memref<3xf64>
  %garbage = arith.constant 123.0 : f64
  linalg.fill ins(%garbage : f64) outs(%dv : memref<3xf64>)
  %out = memref.alloca() : memref<2xf64>
  %ct = memref.alloca() : memref<2xf64>
  %w0 = arith.constant 1.5 : f64
  %w1 = arith.constant 0.5 : f64
  memref.store %w0, %ct[%c0] : memref<2xf64>
  memref.store %w1, %ct[%c1] : memref<2xf64>
  %ds = gradient.backprop @argmap(%v, %s) grad_out(%dv : memref<3xf64>)
      callee_out(%out : memref<2xf64>) cotangents(%ct : memref<2xf64>)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (memref<3xf64>, f64) -> f64
  %g0 = memref.load %dv[%c0] : memref<3xf64>
  %g1 = memref.load %dv[%c1] : memref<3xf64>
  %g2 = memref.load %dv[%c2] : memref<3xf64>

  %f0 = call @central(%v0, %v1, %v2, %s, %c0) : (f64, f64, f64, f64, index) -> f64
  %f1 = call @central(%v0, %v1, %v2, %s, %c1) : (f64, f64, f64, f64, index) -> f64
  %f2 = call @central(%v0, %v1, %v2, %s, %c2) : (f64, f64, f64, f64, index) -> f64
  %f3 = call @central(%v0, %v1, %v2, %s, %c3) : (f64, f64, f64, f64, index) -> f64
  %e0 = arith.subf %g0, %f0 : f64
  %e1 = arith.subf %g1, %f1 : f64
  %e2 = arith.subf %g2, %f2 : f64
  %e3 = arith.subf %ds, %f3 : f64
  %a0 = math.absf %e0 : f64
  %a1 = math.absf %e1 : f64
  %a2 = math.absf %e2 : f64
  %a3 = math.absf %e3 : f64
  %m01 = arith.maximumf %a0, %a1 : f64
  %m23 = arith.maximumf %a2, %a3 : f64
  %err = arith.maximumf %m01, %m23 : f64
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  return %g0, %g1, %g2, %ds, %err, %ok : f64, f64, f64, f64, f64, i1
}
