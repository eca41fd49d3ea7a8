// RX(x)|0> measured in Z: <Z> = cos x, also at -O0 and -O3 and for a
// negative angle.
// RUN: qgrad run %s 0.3 | FileCheck %s --check-prefix=A
// RUN: qgrad run %s -O0 0.3 | FileCheck %s --check-prefix=A
// RUN: qgrad run %s -O3 -- -2.1 | FileCheck %s --check-prefix=B
// A: {{^}}{{0\.955336489125[0-9]*}}{{$}}
// B: {{^}}{{-0\.504846104599[0-9]*}}{{$}}
func.func @main(%x: f64) -> f64 attributes {qnode, diff_method = "adjoint"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %z = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %z : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}
