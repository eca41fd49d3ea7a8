// A callee that returns its output (no callee_out buffer) with a scalar
// cotangent: the engine seeds the return with 1.0, and the lowering scales
// the scalar derivative and the memref shadow by the cotangent afterwards.
// G(x, v) = sin(x) v0 + sin(v1 x), seed 0.75:
//   dx  = 0.75 (cos(x) v0 + v1 cos(v1 x))
//   dv0 = 0.75 sin x,   dv1 = 0.75 x cos(v1 x)
// RUN: qgrad run %s 0.35 -1.2 2.1 | FileCheck %s
// CHECK:      {{^}}0.322947995046{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.257173355591{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.194730572768{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func @g(%x: f64, %v: memref<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = memref.load %v[%c0] : memref<2xf64>
  %v1 = memref.load %v[%c1] : memref<2xf64>
  %sx = math.sin %x : f64
  %a = arith.mulf %sx, %v0 : f64
  %v1x = arith.mulf %v1, %x : f64
  %b = math.sin %v1x : f64
  %r = arith.addf %a, %b : f64
  return %r : f64
}

func.func @loss(%x: f64, %v0: f64, %v1: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.alloca() : memref<2xf64>
  memref.store %v0, %v[%c0] : memref<2xf64>
  memref.store %v1, %v[%c1] : memref<2xf64>
  %r = call @g(%x, %v) : (f64, memref<2xf64>) -> f64
  %seed = arith.constant 0.75 : f64
  %l = arith.mulf %seed, %r : f64
  return %l : f64
}

func.func @main(%x: f64, %v0: f64, %v1: f64) -> (f64, f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.alloca() : memref<2xf64>
  memref.store %v0, %v[%c0] : memref<2xf64>
  memref.store %v1, %v[%c1] : memref<2xf64>
  %dv = memref.alloca() : memref<2xf64>
  %seed = arith.constant 0.75 : f64
  %dx = gradient.backprop @g(%x, %v) grad_out(%dv : memref<2xf64>) cotangents(%seed : f64)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, memref<2xf64>) -> f64
  %g0 = memref.load %dv[%c0] : memref<2xf64>
  %g1 = memref.load %dv[%c1] : memref<2xf64>

  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %lxp = call @loss(%xp, %v0, %v1) : (f64, f64, f64) -> f64
  %lxm = call @loss(%xm, %v0, %v1) : (f64, f64, f64) -> f64
  %dlx = arith.subf %lxp, %lxm : f64
  %fx = arith.divf %dlx, %two_h : f64
  %ap = arith.addf %v0, %h : f64
  %am = arith.subf %v0, %h : f64
  %l0p = call @loss(%x, %ap, %v1) : (f64, f64, f64) -> f64
  %l0m = call @loss(%x, %am, %v1) : (f64, f64, f64) -> f64
  %dl0 = arith.subf %l0p, %l0m : f64
  %f0 = arith.divf %dl0, %two_h : f64
  %bp = arith.addf %v1, %h : f64
  %bm = arith.subf %v1, %h : f64
  %l1p = call @loss(%x, %v0, %bp) : (f64, f64, f64) -> f64
  %l1m = call @loss(%x, %v0, %bm) : (f64, f64, f64) -> f64
  %dl1 = arith.subf %l1p, %l1m : f64
  %f1 = arith.divf %dl1, %two_h : f64
  %ex = arith.subf %dx, %fx : f64
  %e0 = arith.subf %g0, %f0 : f64
  %e1 = arith.subf %g1, %f1 : f64
  %ax = math.absf %ex : f64
  %a0 = math.absf %e0 : f64
  %a1 = math.absf %e1 : f64
  %m = arith.maximumf %ax, %a0 : f64
  %err = arith.maximumf %m, %a1 : f64
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  return %dx, %g0, %g1, %err, %ok : f64, f64, f64, f64, i1
}
