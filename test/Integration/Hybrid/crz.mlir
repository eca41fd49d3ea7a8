// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 1.3 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 1.3 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// CRZ by the adjoint method: RY(2.0) on the control, H on the target, CRZ(x),
// <X1>. With the control |1> (probability sin^2(1)) the target RZ(x)|+> has
// <X> = cos x, else 1: <X1> = cos^2(1) + sin^2(1) cos x, d/dx = -sin^2(1) sin x.
// CHECK: {{^}}-0.682269938053
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %prep = arith.constant 2.0 : f64
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%prep) %a0 : !quantum.bit
  %b1 = quantum.custom "Hadamard"() %b0 : !quantum.bit
  %ab:2 = quantum.custom "CRZ"(%x) %a1, %b1 : !quantum.bit, !quantum.bit
  %o = quantum.namedobs %ab#1[PauliX] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %ab#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @circuit(%x) : (f64) -> f64
  %f = func.constant @circuit : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %one = arith.constant 1.0 : f64
  %s1 = math.sin %one : f64
  %p1 = arith.mulf %s1, %s1 : f64
  %sx = math.sin %x : f64
  %t = arith.mulf %p1, %sx : f64
  %a = arith.negf %t : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
