// RUN: cat %s %S/Inputs/check.mlir > %t.mlir
// RUN: not qgrad run %t.mlir 0.5 2>&1 | FileCheck %s
// RUN: cat %s %S/Inputs/check.mlir | sed -e 's/ attributes {passthrough = \["noinline"\]}//' > %t.inlinable.mlir
// RUN: qgrad run %t.inlinable.mlir 0.5 | FileCheck %s --check-prefix=INLINED
// RUN: not qgrad run %t.inlinable.mlir 0.5 --pre-ad-opt=off 2>&1 | FileCheck %s
// A callee that is not inlined before AD and returns a tensor hands back a
// memref descriptor by value. The AD engine gives only a returned pointer a
// shadow, not pointers inside a returned struct; the derivative through them
// used to be silently 0. It now refuses, naming the call; once the callee is
// inlined before AD (the default pipeline, when it is not noinline), the
// derivative is exact.
// h(x) = g(x)[1] with g(x) = [sin x, cos x], h'(x) = -sin x.
// CHECK: error: in function '{{h|h.dps}}': the call of 'g' returns pointers inside a struct (e.g. a memref descriptor); the engine cannot give them shadows
// INLINED: {{^}}-0.479425538604
// INLINED-NEXT: {{^}}true

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
