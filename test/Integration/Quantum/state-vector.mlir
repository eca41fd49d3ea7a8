// The state of RX(x)|0> (x) H|0>, amplitudes read back through complex.re /
// complex.im. Closed form, wire 0 most significant:
//   psi = [c, c, -i s, -i s] / sqrt(2), c = cos(x/2), s = sin(x/2).
// RUN: qgrad run %s 0.8 | FileCheck %s
// Re(psi_0), Re(psi_1) = cos(0.4)/sqrt(2); Im(psi_2), Im(psi_3) = -sin(0.4)/sqrt(2);
// Im(psi_0) = 0.
// CHECK: {{^}}{{0\.651288474745[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{0\.651288474745[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{-0\.275360350564[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{-0\.275360350564[0-9]*}}{{$}}
// CHECK-NEXT: {{^}}{{-?(0\.0+|[0-9]\.[0-9]+e-(1[3-9]|[2-9][0-9]|[1-9][0-9][0-9]))}}{{$}}
func.func @circuit(%x: f64) -> tensor<4xcomplex<f64>> attributes {qnode} {
  %r = quantum.alloc( 2) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.extract %r[ 1] : !quantum.reg -> !quantum.bit
  %a = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %b = quantum.custom "Hadamard"() %q1 : !quantum.bit
  %c = quantum.compbasis qubits %a, %b : !quantum.obs
  %s = quantum.state %c : tensor<4xcomplex<f64>>
  %r1 = quantum.insert %r[ 0], %a : !quantum.reg, !quantum.bit
  %r2 = quantum.insert %r1[ 1], %b : !quantum.reg, !quantum.bit
  quantum.dealloc %r2 : !quantum.reg
  return %s : tensor<4xcomplex<f64>>
}

func.func @main(%x: f64) -> (f64, f64, f64, f64, f64) {
  %s = call @circuit(%x) : (f64) -> tensor<4xcomplex<f64>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a0 = tensor.extract %s[%c0] : tensor<4xcomplex<f64>>
  %a1 = tensor.extract %s[%c1] : tensor<4xcomplex<f64>>
  %a2 = tensor.extract %s[%c2] : tensor<4xcomplex<f64>>
  %a3 = tensor.extract %s[%c3] : tensor<4xcomplex<f64>>
  %re0 = complex.re %a0 : complex<f64>
  %re1 = complex.re %a1 : complex<f64>
  %im2 = complex.im %a2 : complex<f64>
  %im3 = complex.im %a3 : complex<f64>
  %im0 = complex.im %a0 : complex<f64>
  return %re0, %re1, %im2, %im3, %im0 : f64, f64, f64, f64, f64
}
