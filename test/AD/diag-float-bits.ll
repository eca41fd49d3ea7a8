; The bits of an active double may be compared (signbit: no derivative
; flows), but bits that become a float again (here: a bit-level halving of
; the exponent, as fast inverse square roots do) lose the derivative, which
; stays an error.
; RUN: not %opt -load-pass-plugin=%plugin -passes=qgrad-ad -disable-output %s 2>&1 | FileCheck %s
; RUN: not qgrad-ad --no-preopt %s -o %t.ll 2>&1 | FileCheck %s

; CHECK: in function 'f': an active floating-point value is reinterpreted as an integer
; CHECK-NEXT: instruction: {{.*}}%bits = bitcast double %x to i64
; CHECK-NOT: error

define internal double @f(double %x) {
  %bits = bitcast double %x to i64
  %neg = icmp slt i64 %bits, 0
  %half = lshr i64 %bits, 1
  %guess.bits = sub i64 6910469410427058090, %half
  %guess = bitcast i64 %guess.bits to double
  %y = fmul double %guess, %x
  %r = select i1 %neg, double 0.0, double %y
  ret double %r
}

define double @g(double %x) {
  %r = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %r
}

declare double @__enzyme_autodiff(ptr, ...)
