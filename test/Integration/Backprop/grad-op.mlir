// The whole reverse-mode path from a gradient.grad over tensors: the
// gradient lowering writes f in destination-passing style and emits a
// backprop, bufferization turns the tensors into memrefs, and the backprop
// becomes an __enzyme_autodiff call. f(x, v) = sin(x) v0 v1 + e^(v2 x):
//   dx = cos(x) v0 v1 + v2 e^(v2 x),  dv = [sin(x) v1, sin(x) v0, x e^(v2 x)]
// RUN: qgrad run %s 0.6 1.5 -0.8 0.4 | FileCheck %s
// CHECK:      {{^}}-0.481903077763{{[0-9]+$}}
// CHECK-NEXT: {{^}}-0.451713978716{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.846963710092{{[0-9]+$}}
// CHECK-NEXT: {{^}}0.762749490192{{[0-9]+$}}
// CHECK-NEXT: {{^[0-9]\.[0-9]+e-[0-9]+$}}
// CHECK-NEXT: {{^}}true{{$}}

func.func @f(%x: f64, %v: tensor<3xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v0 = tensor.extract %v[%c0] : tensor<3xf64>
  %v1 = tensor.extract %v[%c1] : tensor<3xf64>
  %v2 = tensor.extract %v[%c2] : tensor<3xf64>
  %s = math.sin %x : f64
  %sv0 = arith.mulf %s, %v0 : f64
  %a = arith.mulf %sv0, %v1 : f64
  %v2x = arith.mulf %v2, %x : f64
  %e = math.exp %v2x : f64
  %r = arith.addf %a, %e : f64
  return %r : f64
}

// (f at +h - f at -h) / 2h in component k of (x, v0, v1, v2).
func.func @central(%x: f64, %v0: f64, %v1: f64, %v2: f64, %k: index) -> f64 {
  %h = arith.constant 1.0e-5 : f64
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
  %xp = arith.addf %x, %d0 : f64
  %ap = arith.addf %v0, %d1 : f64
  %bp = arith.addf %v1, %d2 : f64
  %cp = arith.addf %v2, %d3 : f64
  %xm = arith.subf %x, %d0 : f64
  %am = arith.subf %v0, %d1 : f64
  %bm = arith.subf %v1, %d2 : f64
  %cm = arith.subf %v2, %d3 : f64
  %vp = tensor.from_elements %ap, %bp, %cp : tensor<3xf64>
  %vm = tensor.from_elements %am, %bm, %cm : tensor<3xf64>
  %fp = call @f(%xp, %vp) : (f64, tensor<3xf64>) -> f64
  %fm = call @f(%xm, %vm) : (f64, tensor<3xf64>) -> f64
  %df = arith.subf %fp, %fm : f64
  %two_h = arith.constant 2.0e-5 : f64
  %fd = arith.divf %df, %two_h : f64
  return %fd : f64
}

func.func @main(%x: f64, %v0: f64, %v1: f64, %v2: f64) -> (f64, f64, f64, f64, f64, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %v = tensor.from_elements %v0, %v1, %v2 : tensor<3xf64>
  %g:2 = gradient.grad "auto" @f(%x, %v) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, tensor<3xf64>) -> (f64, tensor<3xf64>)
  %g0 = tensor.extract %g#1[%c0] : tensor<3xf64>
  %g1 = tensor.extract %g#1[%c1] : tensor<3xf64>
  %g2 = tensor.extract %g#1[%c2] : tensor<3xf64>
  %f0 = call @central(%x, %v0, %v1, %v2, %c0) : (f64, f64, f64, f64, index) -> f64
  %f1 = call @central(%x, %v0, %v1, %v2, %c1) : (f64, f64, f64, f64, index) -> f64
  %f2 = call @central(%x, %v0, %v1, %v2, %c2) : (f64, f64, f64, f64, index) -> f64
  %f3 = call @central(%x, %v0, %v1, %v2, %c3) : (f64, f64, f64, f64, index) -> f64
  %e0 = arith.subf %g#0, %f0 : f64
  %e1 = arith.subf %g0, %f1 : f64
  %e2 = arith.subf %g1, %f2 : f64
  %e3 = arith.subf %g2, %f3 : f64
  %a0 = math.absf %e0 : f64
  %a1 = math.absf %e1 : f64
  %a2 = math.absf %e2 : f64
  %a3 = math.absf %e3 : f64
  %m01 = arith.maximumf %a0, %a1 : f64
  %m23 = arith.maximumf %a2, %a3 : f64
  %err = arith.maximumf %m01, %m23 : f64
  %tol = arith.constant 1.0e-6 : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  return %g#0, %g0, %g1, %g2, %err, %ok : f64, f64, f64, f64, f64, i1
}
