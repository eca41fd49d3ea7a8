; A loop block whose cached values are only read by its own reverse keeps
; them in its tape group: each is stored into the group right after its
; definition (no previous slot content is saved and carried across the libm
; calls), and the reverse block pops the group first. A field that is arithmetic of other
; fields (%s = %e * %t) is rebuilt in reverse instead of stored: the group
; holds %acc, %e and %t, 24 bytes.
; RUN: %opt -load-pass-plugin=%plugin -passes=qgrad-ad -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %clang -O2 %t.ll -o %t -lm && %t | FileCheck --check-prefix=OUT %s

; CHECK-LABEL: define internal { double } @__qgrad_grad_f(
; CHECK: loop.fwd:
; CHECK-NOT: load double, ptr %{{[aest]}}.cache
; CHECK: %[[GROUP:[0-9]+]] = call ptr @__qgrad_tape_reserve(ptr %qgrad.tape, i64 24)
; CHECK: %e = call double @exp(double %a)
; CHECK-NEXT: %[[ECELL:[0-9]+]] = getelementptr inbounds i8, ptr %[[GROUP]], i64 {{[0-9]+}}
; CHECK-NEXT: store double %e, ptr %[[ECELL]]
; CHECK: %t = call double @tanh(double %e)
; CHECK-NEXT: getelementptr inbounds i8, ptr %[[GROUP]]
; CHECK-NEXT: store double %t
; CHECK-NOT: store double %s,
; CHECK: br i1 %more, label %loop.fwd, label %exit.fwd
; CHECK: loop.rev:
; CHECK-NEXT: call ptr @__qgrad_tape_release(ptr %qgrad.tape, i64 24)
; CHECK: %s.re = fmul double
; CHECK-NOT: @__qgrad_tape_release
; CHECK: define internal ptr @__qgrad_tape_reserve

; f(x) = acc_4 with acc_0 = x, acc_{k+1} = acc_k + e t x, e = exp(acc_k x),
; t = tanh(e); the derivative by forward-mode dual numbers at x = 0.3.
; OUT: grad 8.34205496629916

@.fmt = private constant [14 x i8] c"grad %.15g\0A\00\00\00"

define internal double @f(double %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ %x, %entry ], [ %acc.next, %loop ]
  %a = fmul double %acc, %x
  %e = call double @exp(double %a)
  %t = call double @tanh(double %e)
  %s = fmul double %e, %t
  %u = fmul double %s, %x
  %acc.next = fadd double %acc, %u
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret double %acc.next
}

define i32 @main() {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 3.000000e-01, i64 4)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, double %g)
  ret i32 0
}

declare double @exp(double)
declare double @tanh(double)
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
