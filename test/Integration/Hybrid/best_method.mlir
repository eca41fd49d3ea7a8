// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.65 | FileCheck %s
// diff_method "best" resolved per qnode inside one loss: @p returns probs, so
// it is differentiated by parameter shift; @z returns only an expectation
// value, so by the adjoint method. L = probs(RY(x))[1] * <Z0>(RX(x))
//   = sin^2(x/2) cos x,  L' = sin(x)/2 cos x - sin^2(x/2) sin x.
// CHECK: {{^}}0.179185889840
// CHECK-NEXT: {{^}}true

func.func @p(%x: f64) -> tensor<2xf64> attributes {qnode, diff_method = "best"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RY"(%x) %q0 : !quantum.bit
  %c = quantum.compbasis qubits %q1 : !quantum.obs
  %probs = quantum.probs %c : tensor<2xf64>
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %probs : tensor<2xf64>
}

func.func @z(%x: f64) -> f64 attributes {qnode, diff_method = "best"} {
  %r = quantum.alloc( 1) : !quantum.reg
  %q0 = quantum.extract %r[ 0] : !quantum.reg -> !quantum.bit
  %q1 = quantum.custom "RX"(%x) %q0 : !quantum.bit
  %o = quantum.namedobs %q1[PauliZ] : !quantum.obs
  %e = quantum.expval %o : f64
  %r1 = quantum.insert %r[ 0], %q1 : !quantum.reg, !quantum.bit
  quantum.dealloc %r1 : !quantum.reg
  return %e : f64
}

func.func @loss(%x: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %probs = call @p(%x) : (f64) -> tensor<2xf64>
  %p1 = tensor.extract %probs[%c1] : tensor<2xf64>
  %e = call @z(%x) : (f64) -> f64
  %l = arith.mulf %p1, %e : f64
  return %l : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @loss(%x) : (f64) -> f64
  %f = func.constant @loss : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %half = arith.constant 0.5 : f64
  %sx = math.sin %x : f64
  %cx = math.cos %x : f64
  %hx = arith.mulf %half, %x : f64
  %sh = math.sin %hx : f64
  %sh2 = arith.mulf %sh, %sh : f64
  %t0 = arith.mulf %half, %sx : f64
  %t1 = arith.mulf %t0, %cx : f64
  %t2 = arith.mulf %sh2, %sx : f64
  %a = arith.subf %t1, %t2 : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
