// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.5 -0.8 0.3 1.7 | FileCheck %s
// RUN: qgrad run %t.mlir 0.5 -0.8 0.3 1.7 -O0 | FileCheck %s
// jvp of a hybrid program by forward mode (one gradient.fwdprop sweep):
// classical code computes the gate angles of two qnodes (adjoint and
// parameter shift), more classical code combines their expectation values:
//   a(x, y) = <Z> after RX(2x) RY(y sin x)      (adjoint)
//   b(x, y) = <Z> after RY(x y)                  (parameter shift)
//   loss(x, y) = cos(a)^2 + x b.
// The directional derivative along (tx, ty) must equal grad(loss) . t, the
// gradient by reverse mode, to 1e-10, and the central difference along t
// (0.6866304007591 by central differences of the closed form in Python).
// CHECK:      {{^}}0.686630400{{[0-9]*}}
// CHECK-NEXT: {{^}}true

func.func @a(%x: f64, %y: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %two = arith.constant 2.0 : f64
  %t0 = arith.mulf %two, %x : f64
  %q1 = quantum.custom "RX"(%t0) %q0 : !quantum.bit
  %s = math.sin %x : f64
  %t1 = arith.mulf %y, %s : f64
  %q2 = quantum.custom "RY"(%t1) %q1 : !quantum.bit
  %o = quantum.namedobs %q2[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @b(%x: f64, %y: f64) -> f64 attributes {qnode, diff_method = "parameter-shift"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %t = arith.mulf %x, %y : f64
  %q1 = quantum.custom "RY"(%t) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @loss(%x: f64, %y: f64) -> f64 {
  %ea = call @a(%x, %y) : (f64, f64) -> f64
  %eb = call @b(%x, %y) : (f64, f64) -> f64
  %c = math.cos %ea : f64
  %c2 = arith.mulf %c, %c : f64
  %xb = arith.mulf %x, %eb : f64
  %l = arith.addf %c2, %xb : f64
  return %l : f64
}

func.func @main(%x: f64, %y: f64, %tx: f64, %ty: f64) -> (f64, i1) {
  %l, %dl = gradient.jvp "auto" @loss(%x, %y) tangents(%tx, %ty)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64, f64, f64) -> (f64, f64)
  %gx, %gy = gradient.grad "auto" @loss(%x, %y)
      {diffArgIndices = dense<[0, 1]> : tensor<2xindex>} : (f64, f64) -> (f64, f64)
  %px = arith.mulf %gx, %tx : f64
  %py = arith.mulf %gy, %ty : f64
  %along = arith.addf %px, %py : f64
  %h = arith.constant 1.0e-5 : f64
  %two_h = arith.constant 2.0e-5 : f64
  %hx = arith.mulf %h, %tx : f64
  %hy = arith.mulf %h, %ty : f64
  %xp = arith.addf %x, %hx : f64
  %yp = arith.addf %y, %hy : f64
  %xm = arith.subf %x, %hx : f64
  %ym = arith.subf %y, %hy : f64
  %lp = call @loss(%xp, %yp) : (f64, f64) -> f64
  %lm = call @loss(%xm, %ym) : (f64, f64) -> f64
  %diff = arith.subf %lp, %lm : f64
  %fd = arith.divf %diff, %two_h : f64
  %ok_d = call @check(%dl, %along, %fd) : (f64, f64, f64) -> i1
  %l0 = call @loss(%x, %y) : (f64, f64) -> f64
  %ok_v = call @check(%l, %l0, %l0) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok_d, %ok_v : i1
  return %dl, %ok : f64, i1
}
