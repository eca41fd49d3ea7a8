// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.5 -0.8 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 0.5 -0.8 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// expval of a Hamiltonian, adjoint method: RY(x) (x) RY(y), CNOT(0, 1), and
// H = 0.4 Z0 - 0.7 Z1 + 0.25 X0 X1. Through the CNOT Z0 stays, Z1 -> Z0 Z1,
// X0 X1 -> X0, so <H> = 0.4 cos x - 0.7 cos x cos y + 0.25 sin x and
//   d/dx = -0.4 sin x + 0.7 sin x cos y + 0.25 cos x,  d/dy = 0.7 cos x sin y.
// CHECK:      {{^}}0.261438717595
// CHECK-NEXT: {{^}}-0.440677437227
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64, %y: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %coeffs = arith.constant dense<[0.4, -0.7, 0.25]> : tensor<3xf64>
  %r = quantum.alloc( 2) : !quantum.reg
  %a0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %b0 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a1 = quantum.custom "RY"(%x) %a0 : !quantum.bit
  %b1 = quantum.custom "RY"(%y) %b0 : !quantum.bit
  %ab:2 = quantum.custom "CNOT"() %a1, %b1 : !quantum.bit, !quantum.bit
  %z0 = quantum.namedobs %ab#0[PauliZ] : !quantum.obs
  %z1 = quantum.namedobs %ab#1[PauliZ] : !quantum.obs
  %x0 = quantum.namedobs %ab#0[PauliX] : !quantum.obs
  %x1 = quantum.namedobs %ab#1[PauliX] : !quantum.obs
  %xx = quantum.tensor %x0, %x1 : !quantum.obs
  %ham = quantum.hamiltonian(%coeffs : tensor<3xf64>) %z0, %z1, %xx : !quantum.obs
  %e = quantum.expval %ham : f64
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
  %k0 = arith.constant 0.4 : f64
  %k1 = arith.constant 0.7 : f64
  %k2 = arith.constant 0.25 : f64
  %sx = math.sin %x : f64
  %cx = math.cos %x : f64
  %sy = math.sin %y : f64
  %cy = math.cos %y : f64
  %t0 = arith.mulf %k0, %sx : f64
  %t1 = arith.mulf %k1, %sx : f64
  %t2 = arith.mulf %t1, %cy : f64
  %t3 = arith.mulf %k2, %cx : f64
  %t4 = arith.subf %t2, %t0 : f64
  %ax = arith.addf %t4, %t3 : f64
  %u0 = arith.mulf %k1, %cx : f64
  %ay = arith.mulf %u0, %sy : f64
  %ok0 = call @check(%g#0, %ax, %fd_x) : (f64, f64, f64) -> i1
  %ok1 = call @check(%g#1, %ay, %fd_y) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok0, %ok1 : i1
  return %g#0, %g#1, %ok : f64, f64, i1
}
