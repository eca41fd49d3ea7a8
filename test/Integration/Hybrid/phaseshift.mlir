// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.25 | FileCheck %s
// RUN: sed 's/diff_method = "adjoint"/diff_method = "parameter-shift"/' %t.mlir > %t.ps.mlir
// RUN: qgrad run %t.ps.mlir 0.25 | FileCheck %s
// The last RUN lines differentiate the same qnode by parameter shift.
// PhaseShift by the adjoint method, a qnode with two results: H then
// PhaseShift(x) gives the Bloch vector (cos x, sin x, 0), so
// (<X0>, <Y0>) = (cos x, sin x) and grad returns one Jacobian per result:
// (-sin x, cos x).
// CHECK:      {{^}}-0.247403959254
// CHECK-NEXT: {{^}}0.968912421710
// CHECK-NEXT: {{^}}true

func.func @circuit(%x: f64) -> (f64, f64) attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "Hadamard"() %q0 : !quantum.bit
  %q2 = quantum.custom "PhaseShift"(%x) %q1 : !quantum.bit
  %ox = quantum.namedobs %q2[PauliX] : !quantum.obs
  %ex = quantum.expval %ox : f64
  %oy = quantum.namedobs %q2[PauliY] : !quantum.obs
  %ey = quantum.expval %oy : f64
  %r1 = quantum.insert %r[ 0], %q2 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %ex, %ey : f64, f64
}

func.func @x_part(%x: f64) -> f64 {
  %ex, %ey = call @circuit(%x) : (f64) -> (f64, f64)
  return %ex : f64
}

func.func @y_part(%x: f64) -> f64 {
  %ex, %ey = call @circuit(%x) : (f64) -> (f64, f64)
  return %ey : f64
}

func.func @main(%x: f64) -> (f64, f64, i1) {
  %g:2 = gradient.grad "auto" @circuit(%x) : (f64) -> (f64, f64)
  %fx = func.constant @x_part : (f64) -> f64
  %fy = func.constant @y_part : (f64) -> f64
  %fd_x = call @central_fd(%fx, %x) : ((f64) -> f64, f64) -> f64
  %fd_y = call @central_fd(%fy, %x) : ((f64) -> f64, f64) -> f64
  %s = math.sin %x : f64
  %c = math.cos %x : f64
  %ms = arith.negf %s : f64
  %ok0 = call @check(%g#0, %ms, %fd_x) : (f64, f64, f64) -> i1
  %ok1 = call @check(%g#1, %c, %fd_y) : (f64, f64, f64) -> i1
  %ok = arith.andi %ok0, %ok1 : i1
  return %g#0, %g#1, %ok : f64, f64, i1
}
