// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.4 1.3 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 0.4 1.3 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// Several scalar arguments and diffArgIndices: RX(x) RY(y), <Z0> = cos x cos y
// by the adjoint method. grad over [0, 1] gives (-sin x cos y, -cos x sin y);
// grad over [1] alone gives -cos x sin y.
// CHECK:      {{^}}-0.104168950412
// CHECK-NEXT: {{^}}-0.887495860
// CHECK-NEXT: {{^}}-0.887495860
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64, %y: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
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

func.func @main(%x: f64, %y: f64) -> (f64, f64, f64, i1) {
  %g:2 = gradient.grad "auto" @circuit(%x, %y) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64) -> (f64, f64)
  %gy = gradient.grad "auto" @circuit(%x, %y) {diffArgIndices = dense<[1]> : tensor<1xindex>}
      : (f64, f64) -> f64
  %f = func.constant @circuit : (f64, f64) -> f64
  %fd_x, %fd_y = call @central_fd_2(%f, %x, %y) : ((f64, f64) -> f64, f64, f64) -> (f64, f64)
  %sx = math.sin %x : f64
  %cx = math.cos %x : f64
  %sy = math.sin %y : f64
  %cy = math.cos %y : f64
  %p = arith.mulf %sx, %cy : f64
  %ax = arith.negf %p : f64
  %q = arith.mulf %cx, %sy : f64
  %ay = arith.negf %q : f64
  %ok0 = call @check(%g#0, %ax, %fd_x) : (f64, f64, f64) -> i1
  %ok1 = call @check(%g#1, %ay, %fd_y) : (f64, f64, f64) -> i1
  %ok2 = call @check(%gy, %ay, %fd_y) : (f64, f64, f64) -> i1
  %ok01 = arith.andi %ok0, %ok1 : i1
  %ok = arith.andi %ok01, %ok2 : i1
  return %g#0, %g#1, %gy, %ok : f64, f64, f64, i1
}
