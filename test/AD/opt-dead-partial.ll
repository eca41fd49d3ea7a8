; A rule may build a partial derivative it then drops: fmuladd's partial
; for %w (the value %d) is not needed, since %w is inactive. Reading %d in
; that dead reverse code must not give it a slot saved on the tape: the
; gradient of this counted loop pushes nothing (everything else it reads
; is recomputed from %x and the iteration number).
; RUN: %opt -load-pass-plugin=%plugin -passes=qgrad-ad -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %clang -O2 %t.ll -o %t -lm && %t | FileCheck --check-prefix=OUT %s

; CHECK-LABEL: define internal { double } @__qgrad_grad_f(
; CHECK-NOT: @__qgrad_tape_reserve(
; CHECK-NOT: %d.cache
; CHECK: ret { double }

; f(x) = sum_{i<5} i sin(x + i); f'(0.3) = sum i cos(0.3 + i).
; OUT: grad -5.63068921198156

@.fmt = private constant [14 x i8] c"grad %.15g\0A\00\00\00"

define internal double @f(double %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %w = sitofp i64 %i to double
  %a = fadd double %x, %w
  %d = call double @sin(double %a)
  %acc.next = call double @llvm.fmuladd.f64(double %w, double %d, double %acc)
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret double %acc.next
}

define i32 @main() {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 3.000000e-01, i64 5)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, double %g)
  ret i32 0
}

declare double @sin(double)
declare double @llvm.fmuladd.f64(double, double, double)
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
