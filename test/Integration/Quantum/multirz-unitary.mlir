// MultiRZ(theta) = exp(-i theta/2 Z0 Z1) on |+>|+>: X0 anticommutes with
// Z0 Z1, so <X0> = cos theta (the <Y0 Z1> part vanishes on |+>|+>).
// QubitUnitary with the matrix of RY(phi), built at run time, on |0>:
// <Z> = cos phi; its adjoint after it gives back |0>: <Z> = 1.
// RUN: qgrad run %s 0.9 2.3 | FileCheck %s
// CHECK: {{^}}{{0\.621609968270[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{-0\.666276021279[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{(0\.999999999999|1\.000000000000)[0-9]*}}{{$}}
func.func @main(%theta: f64, %phi: f64) -> (f64, f64, f64) attributes {qnode} {
  %half = arith.constant 0.5 : f64
  %zero = arith.constant 0.0 : f64
  %h = arith.mulf %phi, %half : f64
  %c = math.cos %h : f64
  %s = math.sin %h : f64
  %ms = arith.negf %s : f64
  %e00 = complex.create %c, %zero : complex<f64>
  %e01 = complex.create %ms, %zero : complex<f64>
  %e10 = complex.create %s, %zero : complex<f64>
  %ry = tensor.from_elements %e00, %e01, %e10, %e00 : tensor<2x2xcomplex<f64>>

  %r = quantum.alloc( 4) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %q2 = quantum.extract %r[ 2] : !quantum.reg -> !quantum.bit
  %q3 = quantum.extract %r[ 3] : !quantum.reg -> !quantum.bit
  %p0 = quantum.custom "Hadamard"() %q0 : !quantum.bit
  %p1 = quantum.custom "Hadamard"() %q1 : !quantum.bit
  %m:2 = quantum.multirz(%theta) %p0, %p1 : !quantum.bit, !quantum.bit
  %x0 = quantum.namedobs %m#0[PauliX] : !quantum.obs
  %ex = quantum.expval %x0 : f64

  %u = quantum.unitary(%ry : tensor<2x2xcomplex<f64>>) %q2 : !quantum.bit
  %z2 = quantum.namedobs %u[PauliZ] : !quantum.obs
  %ez = quantum.expval %z2 : f64

  %v = quantum.unitary(%ry : tensor<2x2xcomplex<f64>>) %q3 : !quantum.bit
  %w = quantum.unitary(%ry : tensor<2x2xcomplex<f64>>) %v {adjoint} : !quantum.bit
  %z3 = quantum.namedobs %w[PauliZ] : !quantum.obs
  %eb = quantum.expval %z3 : f64

  %r1 = quantum.insert %r[ 0], %m#0 : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %m#1 : !quantum.reg, !quantum.bit
  %r3 = quantum.insert %r2[ 2], %u : !quantum.reg, !quantum.bit
  %r4 = quantum.insert %r3[ 3], %w : !quantum.reg, !quantum.bit
  quantum.dealloc %r4 : !quantum.reg
  return %ex, %ez, %eb : f64, f64, f64
}
