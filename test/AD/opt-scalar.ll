; The pass through opt: __enzyme_autodiff becomes a call of a synthesized
; gradient, the marker loads and declarations disappear, and the result runs.
; RUN: %opt -load-pass-plugin=%plugin -passes=qgrad-ad -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %clang %t.ll -o %t -lm && %t | FileCheck --check-prefix=OUT %s

; CHECK-NOT: @enzyme_const
; CHECK-NOT: @__enzyme_autodiff
; CHECK: call { double } @__qgrad_grad_f(double {{.*}}, i32 3, double 1.000000e+00)
; CHECK: define internal { double } @__qgrad_grad_f(double %x, i32 %n, double

; d/dx (3 x^2 sin x) at 0.5 = 3 (2x sin x + x^2 cos x)
; OUT: grad 2.0964635

@enzyme_const = external global i32
@.fmt = private constant [14 x i8] c"grad %.8g\0A\00\00\00\00"

define internal double @f(double %x, i32 %n) {
  %x2 = fmul double %x, %x
  %s = call double @llvm.sin.f64(double %x)
  %p = fmul double %x2, %s
  %nf = sitofp i32 %n to double
  %r = fmul double %p, %nf
  ret double %r
}

define i32 @main() {
  %c = load i32, ptr @enzyme_const
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 5.000000e-01, i32 %c, i32 3)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, double %g)
  ret i32 0
}

declare double @llvm.sin.f64(double)
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
