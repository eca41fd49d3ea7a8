; A load followed, before any other memory access, by a store to the same
; address of memory the function allocated (`c = buf[0]; buf[0] = c * c`):
; the store's reverse has just cleared the shadow, so the load's reverse
; sets it instead of loading it and adding. The later load of buf[0] (%r),
; which no store follows, still adds.
; RUN: %opt -load-pass-plugin=%plugin -passes=qgrad-ad -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %clang -O2 %t.ll -o %t -lm && %t | FileCheck --check-prefix=OUT %s

; CHECK-LABEL: define internal { double } @__qgrad_grad_f(
; CHECK: %r.d = load double, ptr %r.adj
; CHECK: %[[RS:buf.shadow[0-9]*]] = load ptr, ptr %buf.shadow.cache
; CHECK-NEXT: %[[OLD:[0-9]+]] = load double, ptr %[[RS]]
; CHECK-NEXT: fadd double %[[OLD]], %r.d
; CHECK: %c.d = load double, ptr %c.adj
; CHECK-NEXT: store double -0.000000e+00, ptr %c.adj
; CHECK-NEXT: %[[CS:buf.shadow[0-9]*]] = load ptr, ptr %buf.shadow.cache
; CHECK-NEXT: store double %c.d, ptr %[[CS]]

; f(x) = x^2 x through a heap cell; f'(1.5) = 3 x^2 = 6.75.
; OUT: grad 6.75

@.fmt = private constant [14 x i8] c"grad %.15g\0A\00\00\00"

define internal double @f(double %x) {
entry:
  %buf = call ptr @malloc(i64 8)
  store double %x, ptr %buf
  %c = load double, ptr %buf
  %n = fmul double %c, %c
  store double %n, ptr %buf
  %r = load double, ptr %buf
  %s = fmul double %r, %x
  call void @free(ptr %buf)
  ret double %s
}

define i32 @main() {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 1.500000e+00)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, double %g)
  ret i32 0
}

declare ptr @malloc(i64)
declare void @free(ptr)
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
