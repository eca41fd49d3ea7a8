// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.7 '[-0.4, 1.1]' | FileCheck %s
// RUN: qgrad run %t.mlir --entry hybrid_main '[0.3, -1.2]' | FileCheck %s --check-prefix=HYBRID
// gradient.hessian: block (i, j) = d^2 f / d arg_i d arg_j, shaped
// (arg_i ++ arg_j); every entry against the closed form to 1e-10 (values
// printed by Python from the same formulas).
//
// main: f(x, v) = x^2 v0 + sin(v0 v1) + x v1^3 at x = 0.7, v = (-0.4, 1.1):
//   f_xx = 2 v0, f_xv = (2x, 3 v1^2),
//   f_vv = [[-sin(v0 v1) v1^2, cos(v0 v1) - sin(v0 v1) v0 v1],
//           [., -sin(v0 v1) v0^2 + 6 x v1]].
// CHECK:      {{^}}-0.8{{0*[0-9]?$}}
// CHECK-NEXT: {{^}}[1.3999999999{{[0-9]*}}, 3.63000000000{{[0-9]*}}]
// CHECK-NEXT: {{^}}[1.3999999999{{[0-9]*}}, 3.63000000000{{[0-9]*}}]
// CHECK-NEXT: {{^}}{{\[}}[0.51538675272{{[0-9]*}}, 0.71733829859{{[0-9]*}}], [0.71733829859{{[0-9]*}}, 4.68815031441{{[0-9]*}}]]
// CHECK-NEXT: {{^}}true
//
// hybrid_main: g(v) = cos(<Z>) after RX(v0) RY(v1) (parameter shift),
// <Z> = E = cos v0 cos v1: g_ij = -cos(E) E_i E_j - sin(E) E_ij.
// HYBRID:      {{^}}{{\[}}[0.10667025534{{[0-9]*}}, 0.18314831553{{[0-9]*}}], [0.18314831553{{[0-9]*}}, -0.62834221870{{[0-9]*}}]]
// HYBRID-NEXT: {{^}}true

func.func @f(%x: f64, %v: tensor<2xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v0 = tensor.extract %v[%c0] : tensor<2xf64>
  %v1 = tensor.extract %v[%c1] : tensor<2xf64>
  %xx = arith.mulf %x, %x : f64
  %a = arith.mulf %xx, %v0 : f64
  %p = arith.mulf %v0, %v1 : f64
  %b = math.sin %p : f64
  %v11 = arith.mulf %v1, %v1 : f64
  %v111 = arith.mulf %v11, %v1 : f64
  %c = arith.mulf %x, %v111 : f64
  %ab = arith.addf %a, %b : f64
  %r = arith.addf %ab, %c : f64
  return %r : f64
}

func.func @main(%x: f64, %v: tensor<2xf64>) -> (f64, tensor<2xf64>, tensor<2xf64>, tensor<2x2xf64>, i1) {
  %hxx, %hxv, %hvx, %hvv = gradient.hessian "auto" @f(%x, %v)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, tensor<2xf64>) -> (f64, tensor<2xf64>, tensor<2xf64>, tensor<2x2xf64>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %six = arith.constant 6.0 : f64
  %v0 = tensor.extract %v[%c0] : tensor<2xf64>
  %v1 = tensor.extract %v[%c1] : tensor<2xf64>
  %p = arith.mulf %v0, %v1 : f64
  %s = math.sin %p : f64
  %k = math.cos %p : f64
  %axx = arith.mulf %two, %v0 : f64
  %axv0 = arith.mulf %two, %x : f64
  %v11 = arith.mulf %v1, %v1 : f64
  %axv1 = arith.mulf %three, %v11 : f64
  %sv11 = arith.mulf %s, %v11 : f64
  %a00 = arith.negf %sv11 : f64
  %sp = arith.mulf %s, %p : f64
  %a01 = arith.subf %k, %sp : f64
  %v00 = arith.mulf %v0, %v0 : f64
  %sv00 = arith.mulf %s, %v00 : f64
  %xv1 = arith.mulf %x, %v1 : f64
  %six_xv1 = arith.mulf %six, %xv1 : f64
  %a11 = arith.subf %six_xv1, %sv00 : f64
  %e0 = tensor.extract %hxv[%c0] : tensor<2xf64>
  %e1 = tensor.extract %hxv[%c1] : tensor<2xf64>
  %e2 = tensor.extract %hvx[%c0] : tensor<2xf64>
  %e3 = tensor.extract %hvx[%c1] : tensor<2xf64>
  %e4 = tensor.extract %hvv[%c0, %c0] : tensor<2x2xf64>
  %e5 = tensor.extract %hvv[%c0, %c1] : tensor<2x2xf64>
  %e6 = tensor.extract %hvv[%c1, %c0] : tensor<2x2xf64>
  %e7 = tensor.extract %hvv[%c1, %c1] : tensor<2x2xf64>
  %ok0 = call @check(%hxx, %axx, %axx) : (f64, f64, f64) -> i1
  %ok1 = call @check(%e0, %axv0, %axv0) : (f64, f64, f64) -> i1
  %ok2 = call @check(%e1, %axv1, %axv1) : (f64, f64, f64) -> i1
  %ok3 = call @check(%e2, %axv0, %axv0) : (f64, f64, f64) -> i1
  %ok4 = call @check(%e3, %axv1, %axv1) : (f64, f64, f64) -> i1
  %ok5 = call @check(%e4, %a00, %a00) : (f64, f64, f64) -> i1
  %ok6 = call @check(%e5, %a01, %a01) : (f64, f64, f64) -> i1
  %ok7 = call @check(%e6, %a01, %a01) : (f64, f64, f64) -> i1
  %ok8 = call @check(%e7, %a11, %a11) : (f64, f64, f64) -> i1
  %o01 = arith.andi %ok0, %ok1 : i1
  %o23 = arith.andi %ok2, %ok3 : i1
  %o45 = arith.andi %ok4, %ok5 : i1
  %o67 = arith.andi %ok6, %ok7 : i1
  %oa = arith.andi %o01, %o23 : i1
  %ob = arith.andi %o45, %o67 : i1
  %oc = arith.andi %oa, %ob : i1
  %ok = arith.andi %oc, %ok8 : i1
  return %hxx, %hxv, %hvx, %hvv, %ok : f64, tensor<2xf64>, tensor<2xf64>, tensor<2x2xf64>, i1
}

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

func.func @g(%v: tensor<2xf64>) -> f64 {
  %e = call @circuit(%v) : (tensor<2xf64>) -> f64
  %c = math.cos %e : f64
  return %c : f64
}

func.func @hybrid_main(%v: tensor<2xf64>) -> (tensor<2x2xf64>, i1) {
  %h = gradient.hessian "auto" @g(%v) : (tensor<2xf64>) -> tensor<2x2xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.extract %v[%c0] : tensor<2xf64>
  %b = tensor.extract %v[%c1] : tensor<2xf64>
  %ca = math.cos %a : f64
  %sa = math.sin %a : f64
  %cb = math.cos %b : f64
  %sb = math.sin %b : f64
  %e = arith.mulf %ca, %cb : f64
  %sacb = arith.mulf %sa, %cb : f64
  %ea = arith.negf %sacb : f64
  %casb = arith.mulf %ca, %sb : f64
  %eb = arith.negf %casb : f64
  %eab = arith.mulf %sa, %sb : f64
  %ce = math.cos %e : f64
  %se = math.sin %e : f64
  // g_ij = -cos(E) E_i E_j - sin(E) E_ij, with E_aa = E_bb = -E.
  %eaea = arith.mulf %ea, %ea : f64
  %ebeb = arith.mulf %eb, %eb : f64
  %eaeb = arith.mulf %ea, %eb : f64
  %t_aa = arith.mulf %ce, %eaea : f64
  %t_bb = arith.mulf %ce, %ebeb : f64
  %t_ab = arith.mulf %ce, %eaeb : f64
  %see = arith.mulf %se, %e : f64
  %seab = arith.mulf %se, %eab : f64
  %gaa = arith.subf %see, %t_aa : f64
  %gbb = arith.subf %see, %t_bb : f64
  %nt_ab = arith.negf %t_ab : f64
  %gab = arith.subf %nt_ab, %seab : f64
  %h00 = tensor.extract %h[%c0, %c0] : tensor<2x2xf64>
  %h01 = tensor.extract %h[%c0, %c1] : tensor<2x2xf64>
  %h10 = tensor.extract %h[%c1, %c0] : tensor<2x2xf64>
  %h11 = tensor.extract %h[%c1, %c1] : tensor<2x2xf64>
  %ok0 = call @check(%h00, %gaa, %gaa) : (f64, f64, f64) -> i1
  %ok1 = call @check(%h01, %gab, %gab) : (f64, f64, f64) -> i1
  %ok2 = call @check(%h10, %gab, %gab) : (f64, f64, f64) -> i1
  %ok3 = call @check(%h11, %gbb, %gbb) : (f64, f64, f64) -> i1
  %oa = arith.andi %ok0, %ok1 : i1
  %ob = arith.andi %ok2, %ok3 : i1
  %ok = arith.andi %oa, %ob : i1
  return %h, %ok : tensor<2x2xf64>, i1
}
