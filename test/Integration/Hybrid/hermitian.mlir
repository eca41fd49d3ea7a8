// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.8 | FileCheck %s
// expval of a Hermitian observable by parameter shift. RX(x)|0> = (c, -i s)
// with c = cos(x/2), s = sin(x/2), and H = [[a, b], [conj b, d]] with a = 1.5,
// d = -0.5, b = 0.3 - 0.4i:
//   <H> = a c^2 + d s^2 + 2 Re(conj(c) b (-i s)) = 0.5 + cos x + 2 c s Im(b)
//       = 0.5 + cos x - 0.4 sin x,  d/dx = -sin x - 0.4 cos x.
// CHECK: {{^}}-0.996038774638
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %m = arith.constant dense<[[(1.5, 0.0), (0.3, -0.4)], [(0.3, 0.4), (-0.5, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.hermitian(%m : tensor<2x2xcomplex<f64>>) %q1 : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  %f = func.constant @circuit : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %k = arith.constant 0.4 : f64
  %s = math.sin %x : f64
  %c = math.cos %x : f64
  %kc = arith.mulf %k, %c : f64
  %sum = arith.addf %s, %kc : f64
  %a = arith.negf %sum : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
