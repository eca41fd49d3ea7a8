// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir '[0.7, -0.2]' '[1.5, 0.5]' | FileCheck %s
// jvp of a qnode of a tensor<2xf64>: RX(v0) RY(v1), <Z0> = cos v0 cos v1
// (parameter shift). With tangent t the directional derivative is
//   -sin v0 cos v1 t0 - cos v0 sin v1 t1,
// and central differences move along t: [f(v + h t) - f(v - h t)] / 2h.
// CHECK:      {{^}}0.749596265080
// CHECK-NEXT: {{^}}-0.87108899341
// CHECK-NEXT: {{^}}true

func.func @circuit(%v: tensor<2xf64>) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %v[%c0] : tensor<2xf64>
  %b = tensor.extract %v[%c1] : tensor<2xf64>
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%a) %q0 : !quantum.bit
  %q2 = quantum.custom "RY"(%b) %q1 : !quantum.bit
  %o = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @main(%v: tensor<2xf64>, %t: tensor<2xf64>) -> (f64, f64, i1) {
  %y, %dy = gradient.jvp "auto" @circuit(%v) tangents(%t)
      : (tensor<2xf64>, tensor<2xf64>) -> (f64, f64)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %v0 = tensor.extract %v[%c0] : tensor<2xf64>
  %v1 = tensor.extract %v[%c1] : tensor<2xf64>
  %t0 = tensor.extract %t[%c0] : tensor<2xf64>
  %t1 = tensor.extract %t[%c1] : tensor<2xf64>
  %ht0 = arith.mulf %h, %t0 : f64
  %ht1 = arith.mulf %h, %t1 : f64
  %p0 = arith.addf %v0, %ht0 : f64
  %p1 = arith.addf %v1, %ht1 : f64
  %m0 = arith.subf %v0, %ht0 : f64
  %m1 = arith.subf %v1, %ht1 : f64
  %vp = tensor.from_elements %p0, %p1 : tensor<2xf64>
  %vm = tensor.from_elements %m0, %m1 : tensor<2xf64>
  %fp = call @circuit(%vp) : (tensor<2xf64>) -> f64
  %fm = call @circuit(%vm) : (tensor<2xf64>) -> f64
  %diff = arith.subf %fp, %fm : f64
  %fd = arith.divf %diff, %two_h : f64
  %s0 = math.sin %v0 : f64
  %k0 = math.cos %v0 : f64
  %s1 = math.sin %v1 : f64
  %k1 = math.cos %v1 : f64
  %value = arith.mulf %k0, %k1 : f64
  %d0 = arith.mulf %s0, %k1 : f64
  %d0t = arith.mulf %d0, %t0 : f64
  %d1 = arith.mulf %k0, %s1 : f64
  %d1t = arith.mulf %d1, %t1 : f64
  %sum = arith.addf %d0t, %d1t : f64
  %a = arith.negf %sum : f64
  %ok_d = call @check(%dy, %a, %fd) : (f64, f64, f64) -> i1
  %ok_v = call @check(%y, %value, %value) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok_d, %ok_v : i1
  return %y, %dy, %ok : f64, f64, i1
}
