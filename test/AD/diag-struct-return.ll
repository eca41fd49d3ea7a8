; A call that returns a struct holding both a pointer and a double would
; need a shadow and an adjoint for one value: refused, naming the callee.
; (A struct of pointers and integers, a memref descriptor, is supported:
; split-descriptor.ll.)
; RUN: not %opt -load-pass-plugin=%plugin -passes=qgrad-ad -disable-output %s 2>&1 | FileCheck %s
; RUN: not qgrad-ad --no-preopt %s -o %t.ll 2>&1 | FileCheck %s

; CHECK: in function 'f': the call of 'pair' returns a struct holding both pointers and floating-point values; the engine cannot differentiate it
; CHECK-NEXT: instruction: {{.*}}call { ptr, double } @pair(ptr %x)

define internal { ptr, double } @pair(ptr %x) noinline {
  %v = load double, ptr %x
  %s = fmul double %v, %v
  %r0 = insertvalue { ptr, double } poison, ptr %x, 0
  %r1 = insertvalue { ptr, double } %r0, double %s, 1
  ret { ptr, double } %r1
}

define internal double @f(ptr %x) {
  %p = call { ptr, double } @pair(ptr %x)
  %s = extractvalue { ptr, double } %p, 1
  ret double %s
}

define void @g(ptr %x, ptr %dx) {
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  ret void
}

declare double @__enzyme_autodiff(ptr, ...)
