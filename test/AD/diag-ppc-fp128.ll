; PowerPC's double-double (ppc_fp128) has no derivative type: arithmetic on
; active values of it is an error naming the function and the instruction,
; not a crash or a silent zero.
; RUN: not %opt -load-pass-plugin=%plugin -passes=qgrad-ad -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: in function 'f': double-double (ppc_fp128) values carry active data
; CHECK: instruction: %wide = fpext double %x to ppc_fp128

define internal double @f(double %x) {
  %wide = fpext double %x to ppc_fp128
  %sq = fmul ppc_fp128 %wide, %wide
  %r = fptrunc ppc_fp128 %sq to double
  ret double %r
}

define double @g(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %d
}

declare double @__enzyme_autodiff(ptr, ...)
