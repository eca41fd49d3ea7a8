; Found by malformed_inputs.py (two lines of an .ll file swapped): qgrad-ad
; rejected IR that fails the verifier with the instruction but without its
; function. Each problem is now given with the function it is in.
; RUN: not qgrad-ad %s -o %t.ll 2>&1 | FileCheck %s
; CHECK: qgrad-ad: {{.*}}qgrad-ad-verifier.ll: invalid input module:
; CHECK-NEXT: in function 'g': Instruction does not dominate all uses!
; CHECK-NEXT: %y = fmul double %x, %x
; CHECK-NEXT: %z = fadd double %y, 1.000000e+00

define double @f(double %x) {
  ret double %x
}

define double @g(double %x) {
  %z = fadd double %y, 1.0
  %y = fmul double %x, %x
  ret double %z
}
