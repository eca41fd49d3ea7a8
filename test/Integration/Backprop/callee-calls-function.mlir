// A callee that calls other functions, two levels deep: one helper kept
// out of line (so the engine differentiates through a real call), one that
// the optimisation before AD may inline. With s(z) = 1 / (1 + e^-z),
// a = w0 x + w1 and b = w1 x, F(w, x) = [s(a) s(b)] seeded with 1.3:
//   dw0 = 1.3 s'(a) x s(b),   dw1 = 1.3 (s'(a) s(b) + s(a) s'(b) x)
//   dx  = 1.3 (s'(a) w0 s(b) + s(a) s'(b) w1),   s' = s (1 - s)
// RUN: qgrad run %s 0.8 -0.4 1.6 | FileCheck %s
// CHECK:      {{^}}0.148810615776{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.425345142975{{[0-9]+$}}
// CHECK-NEXT: {{^}}-0.008679319140{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func private @exp_neg(%z: f64) -> f64 {
  %m = arith.negf %z : f64
  %e = math.exp %m : f64
  return %e : f64
}

func.func private @logistic(%z: f64) -> f64 attributes {passthrough = ["noinline"]} {
  %one = arith.constant 1.0 : f64
  %e = call @exp_neg(%z) : (f64) -> f64
  %d = arith.addf %one, %e : f64
  %s = arith.divf %one, %d : f64
  return %s : f64
}

func.func @argmap(%w: memref<2xf64>, %x: f64, %out: memref<1xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w0 = memref.load %w[%c0] : memref<2xf64>
  %w1 = memref.load %w[%c1] : memref<2xf64>
  %w0x = arith.mulf %w0, %x : f64
  %a = arith.addf %w0x, %w1 : f64
  %b = arith.mulf %w1, %x : f64
  %sa = call @logistic(%a) : (f64) -> f64
  %sb = call @logistic(%b) : (f64) -> f64
  %p = arith.mulf %sa, %sb : f64
  memref.store %p, %out[%c0] : memref<1xf64>
  return
}

func.func @loss(%w0: f64, %w1: f64, %x: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = memref.alloca() : memref<2xf64>
  memref.store %w0, %w[%c0] : memref<2xf64>
  memref.store %w1, %w[%c1] : memref<2xf64>
  %out = memref.alloca() : memref<1xf64>
  call @argmap(%w, %x, %out) : (memref<2xf64>, f64, memref<1xf64>) -> ()
  %o = memref.load %out[%c0] : memref<1xf64>
  %seed = arith.constant 1.3 : f64
  %l = arith.mulf %seed, %o : f64
  return %l : f64
}

func.func @main(%w0: f64, %w1: f64, %x: f64) -> (f64, f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %w = memref.alloca() : memref<2xf64>
  memref.store %w0, %w[%c0] : memref<2xf64>
  memref.store %w1, %w[%c1] : memref<2xf64>
  %dw = memref.alloca() : memref<2xf64>
  %out = memref.alloca() : memref<1xf64>
  %ct = memref.alloca() : memref<1xf64>
  %seed = arith.constant 1.3 : f64
  memref.store %seed, %ct[%c0] : memref<1xf64>
  %dx = gradient.backprop @argmap(%w, %x) grad_out(%dw : memref<2xf64>)
      callee_out(%out : memref<1xf64>) cotangents(%ct : memref<1xf64>)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (memref<2xf64>, f64) -> f64
  %g0 = memref.load %dw[%c0] : memref<2xf64>
  %g1 = memref.load %dw[%c1] : memref<2xf64>

  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %ap = arith.addf %w0, %h : f64
  %am = arith.subf %w0, %h : f64
  %l0p = call @loss(%ap, %w1, %x) : (f64, f64, f64) -> f64
  %l0m = call @loss(%am, %w1, %x) : (f64, f64, f64) -> f64
  %d0 = arith.subf %l0p, %l0m : f64
  %f0 = arith.divf %d0, %two_h : f64
  %bp = arith.addf %w1, %h : f64
  %bm = arith.subf %w1, %h : f64
  %l1p = call @loss(%w0, %bp, %x) : (f64, f64, f64) -> f64
  %l1m = call @loss(%w0, %bm, %x) : (f64, f64, f64) -> f64
  %d1 = arith.subf %l1p, %l1m : f64
  %f1 = arith.divf %d1, %two_h : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %l2p = call @loss(%w0, %w1, %xp) : (f64, f64, f64) -> f64
  %l2m = call @loss(%w0, %w1, %xm) : (f64, f64, f64) -> f64
  %d2 = arith.subf %l2p, %l2m : f64
  %f2 = arith.divf %d2, %two_h : f64
  %e0 = arith.subf %g0, %f0 : f64
  %e1 = arith.subf %g1, %f1 : f64
  %e2 = arith.subf %dx, %f2 : f64
  %a0 = math.absf %e0 : f64
  %a1 = math.absf %e1 : f64
  %a2 = math.absf %e2 : f64
  %m = arith.maximumf %a0, %a1 : f64
  %err = arith.maximumf %m, %a2 : f64
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  return %g0, %g1, %dx, %err, %ok : f64, f64, f64, f64, i1
}
