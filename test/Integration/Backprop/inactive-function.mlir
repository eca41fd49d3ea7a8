// A gradient.inactive function called inside the callee: step(z) = z -
// remainder(z, 0.5) rounds to a multiple of 0.5 through a libm function the
// engine has no rule for. Registered inactive, its calls are constants,
// which is right almost everywhere (it is piecewise constant), so central
// finite differences agree away from the jumps. F(x, y) = [x^2 step(x) +
// y sin(x) step(y)] seeded with 1:
//   dx = 2 x step(x) + y cos(x) step(y),   dy = sin(x) step(y)
// RUN: qgrad run %s 1.3 0.9 | FileCheck %s
// CHECK:      {{^}}4.140748945762{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.963558185417{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}
//
// Without the attribute the engine must differentiate remainder and says
// that it cannot, naming the function and the call.
// RUN: sed 's/attributes {gradient.inactive}//' %s > %t.mlir
// RUN: not qgrad run %t.mlir 1.3 0.9 2>&1 | FileCheck %s --check-prefix=ACTIVE
// ACTIVE: call to unknown external function 'remainder' with an active argument

func.func private @remainder(f64, f64) -> f64

func.func private @step(%z: f64) -> f64 attributes {gradient.inactive} {
  %half = arith.constant 0.5 : f64
  %r = call @remainder(%z, %half) : (f64, f64) -> f64
  %s = arith.subf %z, %r : f64
  return %s : f64
}

func.func @argmap(%x: f64, %y: f64, %out: memref<1xf64>) {
  %c0 = arith.constant 0 : index
  %sx = call @step(%x) : (f64) -> f64
  %sy = call @step(%y) : (f64) -> f64
  %xx = arith.mulf %x, %x : f64
  %a = arith.mulf %xx, %sx : f64
  %sin = math.sin %x : f64
  %ysin = arith.mulf %y, %sin : f64
  %b = arith.mulf %ysin, %sy : f64
  %o = arith.addf %a, %b : f64
  memref.store %o, %out[%c0] : memref<1xf64>
  return
}

func.func @loss(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %out = memref.alloca() : memref<1xf64>
  call @argmap(%x, %y, %out) : (f64, f64, memref<1xf64>) -> ()
  %o = memref.load %out[%c0] : memref<1xf64>
  return %o : f64
}

func.func @main(%x: f64, %y: f64) -> (f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %out = memref.alloca() : memref<1xf64>
  %ct = memref.alloca() : memref<1xf64>
  %one = arith.constant 1.0 : f64
  memref.store %one, %ct[%c0] : memref<1xf64>
  %g:2 = gradient.backprop @argmap(%x, %y) callee_out(%out : memref<1xf64>)
      cotangents(%ct : memref<1xf64>) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
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
