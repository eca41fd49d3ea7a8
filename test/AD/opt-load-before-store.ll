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

; In g, a load from an argument and a libm call come between the load and
; the store of the heap cell: neither can touch the cell (an argument
; cannot point into memory this call allocated), so the rule still holds.
; CHECK-LABEL: define internal void @__qgrad_grad_g(
; CHECK: %c.d = load double, ptr %c.adj
; CHECK-NEXT: store double -0.000000e+00, ptr %c.adj
; CHECK-NEXT: %[[GS:buf.shadow[0-9]*]] = load ptr, ptr %buf.shadow.cache
; CHECK-NEXT: store double %c.d, ptr %[[GS]]

; f(x) = x^2 x through a heap cell; f'(1.5) = 3 x^2 = 6.75.
; g(p) = p sin(p); g'(0.5) = sin(0.5) + 0.5 cos(0.5).
; OUT: grad 6.75
; OUT: grad 0.918216819549389

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

define internal double @g(ptr %p) {
entry:
  %buf = call ptr @malloc(i64 8)
  %p0 = load double, ptr %p
  store double %p0, ptr %buf
  %c = load double, ptr %buf
  %w = load double, ptr %p
  %s = call double @sin(double %w)
  %n = fmul double %c, %s
  store double %n, ptr %buf
  %r = load double, ptr %buf
  call void @free(ptr %buf)
  ret double %r
}

define i32 @main() {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 1.500000e+00)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, double %g)
  %p = alloca double
  %dp = alloca double
  store double 5.000000e-01, ptr %p
  store double 0.000000e+00, ptr %dp
  call void (ptr, ...) @__enzyme_autodiff(ptr @g, ptr %p, ptr %dp)
  %d = load double, ptr %dp
  %v = call i32 (ptr, ...) @printf(ptr @.fmt, double %d)
  ret i32 0
}

declare ptr @malloc(i64)
declare void @free(ptr)
declare double @sin(double)
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
