; A callee that is split (called with an active argument) but returns a
; constant: the augmented forward must return that constant. The engine
; looked the returned value up among the cloned instructions only and
; emitted `ret void` from functions returning i64/double/ptr (invalid IR;
; many_qnodes.mlir's qN.pcount without inlining before AD).
; RUN: %opt -load-pass-plugin=%plugin -passes=qgrad-ad -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %clang %t.ll -o %t -lm && %t | FileCheck --check-prefix=OUT %s
; RUN: qgrad-ad --no-preopt %s -o %t2.ll
; RUN: %clang %t2.ll -o %t2 -lm && %t2 | FileCheck --check-prefix=OUT %s

; CHECK-LABEL: define internal i64 @__qgrad_aug_count(double
; CHECK: ret i64 2
; CHECK-LABEL: define internal double @__qgrad_aug_zero(double
; CHECK: ret double 0.000000e+00
; CHECK-LABEL: define internal { ptr, ptr } @__qgrad_aug_none(ptr
; CHECK: ret { ptr, ptr } zeroinitializer

; f(x) = x^2 * count(x) + zero(x) + load(none(&x)) = 2 x^2, at x = 1.5
; OUT: grad 6

@.fmt = private constant [9 x i8] c"grad %g\0A\00"

define internal i64 @count(double %x) noinline {
  ret i64 2
}

define internal double @zero(double %x) noinline {
  ret double 0.0
}

define internal ptr @none(ptr %p) noinline {
  ret ptr null
}

define internal double @f(double %x) {
  %slot = alloca double
  store double %x, ptr %slot
  %n = call i64 @count(double %x)
  %z = call double @zero(double %x)
  %q = call ptr @none(ptr %slot)
  %nf = sitofp i64 %n to double
  %x2 = fmul double %x, %x
  %p = fmul double %x2, %nf
  %r = fadd double %p, %z
  ret double %r
}

define i32 @main() {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 1.5)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, double %g)
  ret i32 0
}

declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
