// A Hermitian observable M = [[1, 0.5 - 0.25i], [0.5 + 0.25i, -2]] on wire 1
// of two, after RY(t): with c = cos(t/2), s = sin(t/2) (real amplitudes),
// <M> = c^2 - 2 s^2 + 2 Re(0.5 - 0.25i) c s = c^2 - 2 s^2 + 0.5 sin t.
// A two-wire Hermitian diag(1, 2, 3, 4) on RY(t) (x) RY(u):
// <D> = c^2 cu^2 + 2 c^2 su^2 + 3 s^2 cu^2 + 4 s^2 su^2.
// RUN: qgrad run %s 0.7 2.2 | FileCheck %s
// CHECK: {{^}}{{0\.969372124545[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{2\.029408371343[0-9]*}}{{$}}
func.func @main(%t: f64, %u: f64) -> (f64, f64) attributes {qnode} {
  %m = arith.constant dense<[[(1.0, 0.0), (0.5, -0.25)], [(0.5, 0.25), (-2.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %d = arith.constant dense<[[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)],
                             [(0.0, 0.0), (2.0, 0.0), (0.0, 0.0), (0.0, 0.0)],
                             [(0.0, 0.0), (0.0, 0.0), (3.0, 0.0), (0.0, 0.0)],
                             [(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (4.0, 0.0)]]> : tensor<4x4xcomplex<f64>>
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a = quantum.custom "RY"(%u) %q0 : !quantum.bit
  %b = quantum.custom "RY"(%t) %q1 : !quantum.bit
  %h = quantum.hermitian(%m : tensor<2x2xcomplex<f64>>) %b : !quantum.obs
  %e = quantum.expval %h : f64
  %h2 = quantum.hermitian(%d : tensor<4x4xcomplex<f64>>) %b, %a : !quantum.obs
  %e2 = quantum.expval %h2 : f64
  %r1 = quantum.insert %r[ 0], %a : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %b : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %e, %e2 : f64, f64
}
