// Math functions in the callee, lowered to LLVM intrinsics or libm calls,
// each with its derivative rule in the engine. F(x, y) =
//   [sin x cos y, e^x log y, sqrt(x^2 + y^2), tanh(x y), x^y, atan2(y, x),
//    erf(x - y), tan x]
// seeded with w = [1, -0.5, 0.75, 2, -1.25, 0.6, 1.1, 0.3]; the analytic
// derivatives are written out in the comments of @main.
// RUN: qgrad run %s 0.7 1.9 | FileCheck %s
// CHECK:      {{^}}-0.899515183449{{[0-9]+$}}
// CHECK-NEXT: {{^}}-0.058876687441{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func @argmap(%x: f64, %y: f64, %out: memref<8xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %sinx = math.sin %x : f64
  %cosy = math.cos %y : f64
  %o0 = arith.mulf %sinx, %cosy : f64
  memref.store %o0, %out[%c0] : memref<8xf64>
  %expx = math.exp %x : f64
  %logy = math.log %y : f64
  %o1 = arith.mulf %expx, %logy : f64
  memref.store %o1, %out[%c1] : memref<8xf64>
  %xx = arith.mulf %x, %x : f64
  %yy = arith.mulf %y, %y : f64
  %r2 = arith.addf %xx, %yy : f64
  %o2 = math.sqrt %r2 : f64
  memref.store %o2, %out[%c2] : memref<8xf64>
  %xy = arith.mulf %x, %y : f64
  %o3 = math.tanh %xy : f64
  memref.store %o3, %out[%c3] : memref<8xf64>
  %o4 = math.powf %x, %y : f64
  memref.store %o4, %out[%c4] : memref<8xf64>
  %o5 = math.atan2 %y, %x : f64
  memref.store %o5, %out[%c5] : memref<8xf64>
  %xmy = arith.subf %x, %y : f64
  %o6 = math.erf %xmy : f64
  memref.store %o6, %out[%c6] : memref<8xf64>
  %o7 = math.tan %x : f64
  memref.store %o7, %out[%c7] : memref<8xf64>
  return
}

func.func @seed(%w: memref<8xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %w0 = arith.constant 1.0 : f64
  %w1 = arith.constant -0.5 : f64
  %w2 = arith.constant 0.75 : f64
  %w3 = arith.constant 2.0 : f64
  %w4 = arith.constant -1.25 : f64
  %w5 = arith.constant 0.6 : f64
  %w6 = arith.constant 1.1 : f64
  %w7 = arith.constant 0.3 : f64
  memref.store %w0, %w[%c0] : memref<8xf64>
  memref.store %w1, %w[%c1] : memref<8xf64>
  memref.store %w2, %w[%c2] : memref<8xf64>
  memref.store %w3, %w[%c3] : memref<8xf64>
  memref.store %w4, %w[%c4] : memref<8xf64>
  memref.store %w5, %w[%c5] : memref<8xf64>
  memref.store %w6, %w[%c6] : memref<8xf64>
  memref.store %w7, %w[%c7] : memref<8xf64>
  return
}

func.func @loss(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %out = memref.alloca() : memref<8xf64>
  %w = memref.alloca() : memref<8xf64>
  call @argmap(%x, %y, %out) : (f64, f64, memref<8xf64>) -> ()
  call @seed(%w) : (memref<8xf64>) -> ()
  %zero = arith.constant 0.0 : f64
  %l = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f64) {
    %o = memref.load %out[%i] : memref<8xf64>
    %wi = memref.load %w[%i] : memref<8xf64>
    %t = arith.mulf %o, %wi : f64
    %s = arith.addf %acc, %t : f64
    scf.yield %s : f64
  }
  return %l : f64
}

// dx = w0 cos x cos y + w1 e^x log y + w2 x / r + w3 y (1 - tanh^2(x y))
//      + w4 y x^(y-1) - w5 y / r^2 + w6 (2/sqrt pi) e^-(x-y)^2 + w7 (1 + tan^2 x)
// dy = -w0 sin x sin y + w1 e^x / y + w2 y / r + w3 x (1 - tanh^2(x y))
//      + w4 x^y log x + w5 x / r^2 - w6 (2/sqrt pi) e^-(x-y)^2
func.func @main(%x: f64, %y: f64) -> (f64, f64, f64, i1) {
  %out = memref.alloca() : memref<8xf64>
  %w = memref.alloca() : memref<8xf64>
  call @seed(%w) : (memref<8xf64>) -> ()
  %g:2 = gradient.backprop @argmap(%x, %y) callee_out(%out : memref<8xf64>)
      cotangents(%w : memref<8xf64>) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64) -> (f64, f64)

  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %xp = arith.addf %x, %h : f64
  %xm = arith.subf %x, %h : f64
  %lxp = call @loss(%xp, %y) : (f64, f64) -> f64
  %lxm = call @loss(%xm, %y) : (f64, f64) -> f64
  %dlx = arith.subf %lxp, %lxm : f64
  %fdx = arith.divf %dlx, %two_h : f64
  %yp = arith.addf %y, %h : f64
  %ym = arith.subf %y, %h : f64
  %lyp = call @loss(%x, %yp) : (f64, f64) -> f64
  %lym = call @loss(%x, %ym) : (f64, f64) -> f64
  %dly = arith.subf %lyp, %lym : f64
  %fdy = arith.divf %dly, %two_h : f64
  %ex = arith.subf %g#0, %fdx : f64
  %ey = arith.subf %g#1, %fdy : f64
  %ax = math.absf %ex : f64
  %ay = math.absf %ey : f64
  %err = arith.maximumf %ax, %ay : f64
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  return %g#0, %g#1, %err, %ok : f64, f64, f64, i1
}
