; A pointer without a shadow (an enzyme_const argument) that shares memory
; with active data (a select with a duplicated argument) is an error; the
; message names the pointer as it is printed in IR, also when it is unnamed
; (it used to read "pointer ''").
; RUN: not %opt -load-pass-plugin=%plugin -passes=qgrad-ad -disable-output %s 2>&1 | FileCheck %s
; RUN: not qgrad-ad --no-preopt %s -o %t.ll 2>&1 | FileCheck %s

; CHECK: in function 'f': pointer %1 has no shadow but is used as active memory
; CHECK-NEXT: instruction: {{.*}}select i1 %2, ptr %0, ptr %1
; CHECK-NEXT: note: pass it with enzyme_dup

@enzyme_const = external global i32

define internal double @f(ptr %0, ptr %1, i1 %2) {
  %p = select i1 %2, ptr %0, ptr %1
  %v = load double, ptr %p
  %r = fmul double %v, %v
  ret double %r
}

define void @g(ptr %x, ptr %dx, ptr %y) {
  %c = load i32, ptr @enzyme_const
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, i32 %c, ptr %y, i1 true)
  ret void
}

declare double @__enzyme_autodiff(ptr, ...)
