; A loop with a data-dependent exit: values redefined in the loop are saved
; on the tape in the forward sweep and restored in the reverse sweep.
; RUN: %opt -load-pass-plugin=%plugin -passes=qgrad-ad -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %clang -O2 %t.ll -o %t -lm && %t | FileCheck --check-prefix=OUT %s

; CHECK: @__qgrad_tape = internal thread_local global { ptr, i64, i64 } zeroinitializer
; CHECK: define internal { double } @__qgrad_grad_f(double %x,
; CHECK: %[[CURSOR:.*]] = alloca { ptr, i64, i64 }
; CHECK: load { ptr, i64, i64 }, ptr @__qgrad_tape
; CHECK: call ptr @__qgrad_tape_reserve(ptr %[[CURSOR]], i64 8)
; The gradient's loops, forward and reverse, are kept from the vectorizer
; (vector loads of adjoints just accumulated by scalar stores stall).
; CHECK: br i1 %more, label %loop.fwd, label %exit.fwd, !llvm.loop ![[FWD:[0-9]+]]
; CHECK: store { ptr, i64, i64 } {{.*}}, ptr @__qgrad_tape
; CHECK: call ptr @__qgrad_tape_release(ptr %[[CURSOR]], i64 8)
; CHECK: br label %loop.rev, !llvm.loop ![[REV:[0-9]+]]
; CHECK: define internal ptr @__qgrad_tape_reserve(ptr %0, i64 %1) #[[INLINE:[0-9]+]]
; CHECK: attributes #[[INLINE]] = { alwaysinline }
; CHECK: ![[FWD]] = distinct !{![[FWD]], ![[OFF:[0-9]+]]}
; CHECK: ![[OFF]] = !{!"llvm.loop.vectorize.enable", i32 0}
; CHECK: ![[REV]] = distinct !{![[REV]], ![[OFF]]}

; f(x) = y after y <- y*x + 0.1 while y < 10, from y = x.
; At x = 1.5 the loop runs 5 times and ends at y = 12.709375; dy/dx follows
; dy <- dy*x + y from dy = 1.
; OUT: grad 47.9875

@.fmt = private constant [14 x i8] c"grad %.10g\0A\00\00\00"

define internal double @f(double %x) {
entry:
  br label %loop
loop:
  %y = phi double [ %x, %entry ], [ %next, %loop ]
  %m = fmul double %y, %x
  %next = fadd double %m, 1.000000e-01
  %more = fcmp olt double %next, 1.000000e+01
  br i1 %more, label %loop, label %exit
exit:
  ret double %next
}

define i32 @main() {
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 1.500000e+00)
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, double %g)
  ret i32 0
}

declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
