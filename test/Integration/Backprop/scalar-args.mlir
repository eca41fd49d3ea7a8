// Differentiated scalars next to constant ones (an f64 and an index): one
// backprop sweep through F(x, y; c, n) = [x y + c sin x, n x^2 sin y] seeded
// with w = [0.5, -2] gives w^T dF/d(x, y):
//   d/dx = w0 (y + c cos x) + 2 w1 n x sin y,   d/dy = w0 x + w1 n x^2 cos y
// main also returns the largest difference to central finite differences of
// w . F and whether it is below 1e-6.
// RUN: qgrad run %s 0.7 -1.3 | FileCheck %s
// CHECK:      {{^}}8.017520397967{{[0-9]+$}}
// CHECK-NEXT: {{^}}-0.436446556156{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func @argmap(%x: f64, %y: f64, %c: f64, %n: index, %out: memref<2xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %xy = arith.mulf %x, %y : f64
  %sin = math.sin %x : f64
  %csin = arith.mulf %c, %sin : f64
  %o0 = arith.addf %xy, %csin : f64
  memref.store %o0, %out[%c0] : memref<2xf64>
  %ni = arith.index_cast %n : index to i64
  %nf = arith.sitofp %ni : i64 to f64
  %xx = arith.mulf %x, %x : f64
  %siny = math.sin %y : f64
  %xxy = arith.mulf %xx, %siny : f64
  %o1 = arith.mulf %nf, %xxy : f64
  memref.store %o1, %out[%c1] : memref<2xf64>
  return
}

// w . F(x, y), for the finite differences.
func.func @loss(%x: f64, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c = arith.constant 1.5 : f64
  %n = arith.constant 3 : index
  %w0 = arith.constant 0.5 : f64
  %w1 = arith.constant -2.0 : f64
  %out = memref.alloca() : memref<2xf64>
  call @argmap(%x, %y, %c, %n, %out) : (f64, f64, f64, index, memref<2xf64>) -> ()
  %o0 = memref.load %out[%c0] : memref<2xf64>
  %o1 = memref.load %out[%c1] : memref<2xf64>
  %a = arith.mulf %w0, %o0 : f64
  %b = arith.mulf %w1, %o1 : f64
  %l = arith.addf %a, %b : f64
  return %l : f64
}

func.func @main(%x: f64, %y: f64) -> (f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c = arith.constant 1.5 : f64
  %n = arith.constant 3 : index
  %w0 = arith.constant 0.5 : f64
  %w1 = arith.constant -2.0 : f64
  %out = memref.alloca() : memref<2xf64>
  %ct = memref.alloca() : memref<2xf64>
  memref.store %w0, %ct[%c0] : memref<2xf64>
  memref.store %w1, %ct[%c1] : memref<2xf64>
  %g:2 = gradient.backprop @argmap(%x, %y, %c, %n) callee_out(%out : memref<2xf64>)
      cotangents(%ct : memref<2xf64>) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64, f64, index) -> (f64, f64)

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
