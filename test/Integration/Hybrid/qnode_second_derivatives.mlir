// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.5 | FileCheck %s --check-prefix=AT05
// RUN: qgrad run %t.mlir 1.3 | FileCheck %s --check-prefix=AT13
// RUN: qgrad run %t.mlir -2.1 | FileCheck %s --check-prefix=ATM21
// RUN: qgrad run %t.mlir 0.5 -O0 | FileCheck %s --check-prefix=AT05
// RUN: qgrad run %t.mlir --entry crx_main 0.7 | FileCheck %s --check-prefix=CRX
// RUN: qgrad run %t.mlir --entry mixed_main 0.4 -0.9 | FileCheck %s --check-prefix=MIXED
// Second derivatives through qnodes, "auto" over "auto": the inner
// derivative differentiates the qnode's second-order surrogate, whose
// Hessian is the parameter-shift rule applied twice (QNodeParts.cpp).
//
// main: f(x) = cos(<Z>) after RX(x) (parameter shift), <Z> = cos x:
//   f''(x) = -cos(cos x) sin^2 x + sin(cos x) cos x,
// by grad of grad and by jvp (forward over reverse) of the gradient, both
// against the closed form to 1e-10 and central differences of f' to 1e-6.
// AT05:      {{^}}0.528157022633
// AT05-NEXT: {{^}}true
// AT13:      {{^}}-0.824718969534
// AT13-NEXT: {{^}}true
// ATM21:     {{^}}-0.407994283680
// ATM21-NEXT: {{^}}true
//
// crx_main: CRX(2x) after RY(x) (the four-term rule twice),
//   g = cos^2(x/2) + sin^2(x/2) cos 2x,
//   g'' = -cos(x)/2 + cos(x)/2 cos 2x - 2 sin x sin 2x - 2 (1 - cos x) cos 2x.
// CRX:      {{^}}-1.667048567971
// CRX-NEXT: {{^}}true
//
// mixed_main: h = <Z> after RX(x) RY(y) (adjoint) = cos x cos y; the row
// (h_xx, h_xy) = (-cos x cos y, sin x sin y) of the Hessian.
// MIXED:      {{^}}-0.572540695257
// MIXED-NEXT: {{^}}-0.305041866632
// MIXED-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @f(%x: f64) -> f64 {
  %e = call @circuit(%x) : (f64) -> f64
  %c = math.cos %e : f64
  return %c : f64
}

func.func @df(%x: f64) -> f64 {
  %g = gradient.grad "auto" @f(%x) : (f64) -> f64
  return %g : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %d2 = gradient.grad "auto" @df(%x) : (f64) -> f64
  %one = arith.constant 1.0 : f64
  %g, %d2f = gradient.jvp "auto" @df(%x) tangents(%one) : (f64, f64) -> (f64, f64)
  %s = math.sin %x : f64
  %c = math.cos %x : f64
  %cc = math.cos %c : f64
  %sc = math.sin %c : f64
  %s2 = arith.mulf %s, %s : f64
  %a0 = arith.mulf %cc, %s2 : f64
  %a1 = arith.mulf %sc, %c : f64
  %a = arith.subf %a1, %a0 : f64
  %dfn = func.constant @df : (f64) -> f64
  %fd = call @central_fd(%dfn, %x) : ((f64) -> f64, f64) -> f64
  %ok1 = call @check(%d2, %a, %fd) : (f64, f64, f64) -> i1
  %ok2 = call @check(%d2f, %a, %fd) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok1, %ok2 : i1
  return %d2, %ok : f64, i1
}

func.func @crx(%x: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %two = arith.constant 2.0 : f64
  %x2 = arith.mulf %two, %x : f64
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%x) %a0 : !quantum.bit
  %ab:2 = quantum.custom "CRX"(%x2) %a1, %b0 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %ab#1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %ab#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @dcrx(%x: f64) -> f64 {
  %g = gradient.grad "auto" @crx(%x) : (f64) -> f64
  return %g : f64
}

func.func @crx_main(%x: f64) -> (f64, i1) {
  %d2 = gradient.grad "auto" @dcrx(%x) : (f64) -> f64
  %half = arith.constant 0.5 : f64
  %two = arith.constant 2.0 : f64
  %one = arith.constant 1.0 : f64
  %c = math.cos %x : f64
  %s = math.sin %x : f64
  %x2 = arith.mulf %two, %x : f64
  %c2 = math.cos %x2 : f64
  %s2 = math.sin %x2 : f64
  %hc = arith.mulf %half, %c : f64
  %t1 = arith.mulf %hc, %c2 : f64
  %ss = arith.mulf %s, %s2 : f64
  %t2 = arith.mulf %two, %ss : f64
  %omc = arith.subf %one, %c : f64
  %t3a = arith.mulf %omc, %c2 : f64
  %t3 = arith.mulf %two, %t3a : f64
  %u = arith.subf %t1, %hc : f64
  %v = arith.subf %u, %t2 : f64
  %a = arith.subf %v, %t3 : f64
  %dfn = func.constant @dcrx : (f64) -> f64
  %fd = call @central_fd(%dfn, %x) : ((f64) -> f64, f64) -> f64
  %ok = call @check(%d2, %a, %fd) : (f64, f64, f64) -> i1
  return %d2, %ok : f64, i1
}

func.func @h(%x: f64, %y: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %q2 = quantum.custom "RY"(%y) %q1 : !quantum.bit
  %o = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @hx(%x: f64, %y: f64) -> f64 {
  %gx, %gy = gradient.grad "auto" @h(%x, %y)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  return %gx : f64
}

func.func @mixed_main(%x: f64, %y: f64) -> (f64, f64, i1) {
  %hxx, %hxy = gradient.grad "auto" @hx(%x, %y)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  %cx = math.cos %x : f64
  %sx = math.sin %x : f64
  %cy = math.cos %y : f64
  %sy = math.sin %y : f64
  %p = arith.mulf %cx, %cy : f64
  %axx = arith.negf %p : f64
  %axy = arith.mulf %sx, %sy : f64
  %hxf = func.constant @hx : (f64, f64) -> f64
  %fx, %fy = call @central_fd_2(%hxf, %x, %y) : ((f64, f64) -> f64, f64, f64) -> (f64, f64)
  %ok1 = call @check(%hxx, %axx, %fx) : (f64, f64, f64) -> i1
  %ok2 = call @check(%hxy, %axy, %fy) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok1, %ok2 : i1
  return %hxx, %hxy, %ok : f64, f64, i1
}
