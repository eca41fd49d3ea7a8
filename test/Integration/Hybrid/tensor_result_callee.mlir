// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: qgrad run %t.mlir 0.5 | FileCheck %s
// RUN: qgrad run %t.mlir 0.5 --pre-ad-opt=off | FileCheck %s
// RUN: cat %s %S/Inputs/check.mlir | sed -e 's/ attributes {passthrough = \["noinline"\]}//' > %t.inlinable.mlir
// RUN: qgrad run %t.inlinable.mlir 0.5 | FileCheck %s
// RUN: qgrad run %t.inlinable.mlir 0.5 --pre-ad-opt=off | FileCheck %s
// A callee that is not inlined before AD and returns a tensor hands back a
// memref descriptor by value. The AD engine gives the descriptor a shadow
// (the same struct with shadow pointers); it used to give only a returned
// pointer one, lost the derivative (0), then refused the call.
// h(x) = g(x)[1] with g(x) = [sin x, cos x], h'(x) = -sin x.
// CHECK: {{^}}-0.479425538604
// CHECK-NEXT: {{^}}true

func.func private @g(%x: f64) -> tensor<2xf64> attributes {passthrough = ["noinline"]} {
  %s = math.sin %x : f64
  %c = math.cos %x : f64
  %t = tensor.from_elements %s, %c : tensor<2xf64>
  return %t : tensor<2xf64>
}

func.func @h(%x: f64) -> f64 {
  %c1 = arith.constant 1 : index
  %t = call @g(%x) : (f64) -> tensor<2xf64>
  %e = tensor.extract %t[%c1] : tensor<2xf64>
  return %e : f64
}

func.func @main(%x: f64) -> (f64, i1) {
  %g = gradient.grad "auto" @h(%x) : (f64) -> f64
  %f = func.constant @h : (f64) -> f64
  %fd = call @central_fd(%f, %x) : ((f64) -> f64, f64) -> f64
  %s = math.sin %x : f64
  %a = arith.negf %s : f64
  %ok = call @check(%g, %a, %fd) : (f64, f64, f64) -> i1
  return %g, %ok : f64, i1
}
