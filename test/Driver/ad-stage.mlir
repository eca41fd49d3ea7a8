// A module that calls __enzyme_autodiff runs the AD stages: pre_ad_opt, ad,
// post_ad_opt replace optimize. d/dx (x^2 sin x) = 2x sin x + x^2 cos x.
// RUN: qgrad run %s 0.5 | FileCheck %s
// CHECK: {{^}}0.69882117907679{{[0-9]+$}}
// RUN: qgrad run %s 0.5 -O0 | FileCheck %s
// RUN: qgrad run %s 0.5 --json | FileCheck %s --check-prefix=JSON
// JSON: "translate": {{[0-9.]+}}, "pre_ad_opt": {{[0-9.]+}}, "ad": {{[0-9.]+}}, "post_ad_opt": {{[0-9.]+}}, "codegen"
// RUN: qgrad run %S/sin-times-x.mlir 0.5 --json | FileCheck %s --check-prefix=NOAD
// NOAD-NOT: pre_ad_opt
// NOAD: "optimize"
// NOAD-NOT: "ad"
llvm.func @f(%x: f64) -> f64 {
  %s = llvm.intr.sin(%x) : (f64) -> f64
  %xx = llvm.fmul %x, %x : f64
  %r = llvm.fmul %xx, %s : f64
  llvm.return %r : f64
}
llvm.func @__enzyme_autodiff(!llvm.ptr, ...) -> f64
llvm.func @df(%x: f64) -> f64 {
  %fp = llvm.mlir.addressof @f : !llvm.ptr
  %d = llvm.call @__enzyme_autodiff(%fp, %x) vararg(!llvm.func<f64 (ptr, ...)>) : (!llvm.ptr, f64) -> f64
  llvm.return %d : f64
}
func.func @main(%x: f64) -> f64 {
  %d = llvm.call @df(%x) : (f64) -> f64
  return %d : f64
}
// The AD stages can be switched off one by one, and forced on for modules
// without a gradient; the gradient is the same.
// RUN: qgrad run %s 0.5 --pre-ad-opt=off | FileCheck %s
// RUN: qgrad run %s 0.5 --post-ad-opt=off -O0 | FileCheck %s
// RUN: qgrad run %S/sin-times-x.mlir 0.5 --ad-stages=always --json | FileCheck %s --check-prefix=ALWAYS
// ALWAYS: "pre_ad_opt": {{[0-9.]+}}, "ad": {{[0-9.]+}}, "post_ad_opt"
