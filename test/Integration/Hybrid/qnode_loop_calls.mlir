// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.3 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 0.3 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// One qnode called from a classical loop: L = sum_{k=1}^{3} Q(k x) with
// Q(t) = <Z0> after RX(t) = cos t (adjoint). Each call evaluates its own
// Jacobian; reverse mode adds their contributions:
//   dL/dx = -(sin x + 2 sin 2x + 3 sin 3x).
// CHECK: {{^}}-3.77478588233
// CHECK-NEXT: {{^}}true

func.func @circuit(%t: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%t) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @loss(%x: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %sum = scf.for %k = %c1 to %c4 step %c1 iter_args(%acc = %zero) -> (f64) {
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %t = arith.mulf %kf, %x : f64
    %e = func.call @circuit(%t) : (f64) -> f64
    %acc1 = arith.addf %acc, %e : f64
    scf.yield %acc1 : f64
  }
  return %sum : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @loss(%x) : (f64) -> f64
  %f = func.constant @loss : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %x2 = arith.mulf %two, %x : f64
  %x3 = arith.mulf %three, %x : f64
  %s1 = math.sin %x : f64
  %s2 = math.sin %x2 : f64
  %s3 = math.sin %x3 : f64
  %t2 = arith.mulf %two, %s2 : f64
  %t3 = arith.mulf %three, %s3 : f64
  %u = arith.addf %s1, %t2 : f64
  %w = arith.addf %u, %t3 : f64
  %a = arith.negf %w : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
