; A pointer made from an integer that only on some paths came from an active
; pointer (the ptrtoint does not dominate the inttoptr): the engine cannot
; give it a shadow at a known distance and says so, instead of losing the
; derivative.
; RUN: not %opt -load-pass-plugin=%plugin -passes=qgrad-ad -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: in function 'f': a pointer to active memory is made from an integer whose origin the engine cannot follow
; CHECK: instruction: %p = inttoptr i64 %bits to ptr

define internal double @f(ptr %x, i1 %flag) {
entry:
  br i1 %flag, label %cast, label %join
cast:
  %addr = ptrtoint ptr %x to i64
  br label %join
join:
  %bits = phi i64 [ %addr, %cast ], [ 16, %entry ]
  %p = inttoptr i64 %bits to ptr
  %v = load double, ptr %p
  %r = fmul double %v, %v
  ret double %r
}

define void @g(ptr %x, ptr %dx) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, i1 true)
  ret void
}

declare void @__enzyme_autodiff(ptr, ...)
