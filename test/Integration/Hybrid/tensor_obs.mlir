// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.3 0.9 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 0.3 0.9 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// expval of a tensor-product observable X0 (x) Z1 after RX(x) (x) RX(y) and
// CNOT(0, 1), adjoint method. Conjugating by the CNOT maps X0 -> X0 X1 and
// Z1 -> Z0 Z1, so X0 Z1 -> X0 Z0 X1 Z1 = -Y0 Y1, and with <Y> = -sin of the
// RX angle on each wire, <X0 Z1> = -sin x sin y. Gradient over both:
// (-cos x sin y, -sin x cos y).
// CHECK:      {{^}}-0.748340779681
// CHECK-NEXT: {{^}}-0.18369830628
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64, %y: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RX"(%x) %a0 : !quantum.bit
  %b1 = quantum.custom "RX"(%y) %b0 : !quantum.bit
  %ab:2 = quantum.custom "CNOT"() %a1, %b1 : !quantum.bit, !quantum.bit
  %ox = quantum.namedobs %ab#0[PauliX] : !quantum.obs
  %oz = quantum.namedobs %ab#1[PauliZ] : !quantum.obs
  %o = quantum.tensor %ox, %oz : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %ab#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %ab#1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e : f64
}

func.func @main(%x: f64, %y: f64) -> (f64, f64, i1) {
  %g:2 = gradient.grad "auto" @circuit(%x, %y) {diffArgIndices = dense<[0, 1]> : tensor<2xindex>}
      : (f64, f64) -> (f64, f64)
  %f = func.constant @circuit : (f64, f64) -> f64
  %fd_x, %fd_y = call @central_fd_2(%f, %x, %y) : ((f64, f64) -> f64, f64, f64) -> (f64, f64)
  %sx = math.sin %x : f64
  %cx = math.cos %x : f64
  %sy = math.sin %y : f64
  %cy = math.cos %y : f64
  %p = arith.mulf %cx, %sy : f64
  %ax = arith.negf %p : f64
  %q = arith.mulf %sx, %cy : f64
  %ay = arith.negf %q : f64
  %ok0 = call @check(%g#0, %ax, %fd_x) : (f64, f64, f64) -> i1
  %ok1 = call @check(%g#1, %ay, %fd_y) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok0, %ok1 : i1
  return %g#0, %g#1, %ok : f64, f64, i1
}
