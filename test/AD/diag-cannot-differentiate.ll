; An instruction the engine has no rule for (an atomic floating-point add
; of an active value) is an error naming the function and the instruction.
; RUN: not %opt -load-pass-plugin=%plugin -passes=qgrad-ad -disable-output %s 2>&1 | FileCheck %s
; RUN: not qgrad-ad --no-preopt %s -o %t.ll 2>&1 | FileCheck %s

; CHECK: in function 'f': the engine cannot differentiate this instruction
; CHECK-NEXT: instruction: {{.*}}atomicrmw fadd ptr %acc, double %y
; CHECK-NEXT: note:

define internal double @f(double %x, ptr %acc) {
  %y = fmul double %x, %x
  %old = atomicrmw fadd ptr %acc, double %y seq_cst
  ret double %y
}

define double @g(ptr %acc, ptr %dacc) {
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double 2.0, ptr %acc, ptr %dacc)
  ret double %r
}

declare double @__enzyme_autodiff(ptr, ...)
