; Calls through a table of functions in constant memory become direct calls
; of the table's functions; a call through any other pointer (here one the
; caller passes, or a table that is not constant) with an active argument is
; an error naming the call, never a silent zero.
; RUN: not qgrad-ad --no-preopt %s -o %t.ll 2>&1 | FileCheck %s

; CHECK: in function 'through_argument': an indirect call with active arguments cannot be differentiated
; CHECK-NEXT: instruction: {{.*}}call double %fn(double %x)
; CHECK: in function 'through_mutable_table': an indirect call with active arguments cannot be differentiated
; CHECK-NEXT: instruction: {{.*}}call double %fn(double %x)
; CHECK-NOT: through_constant_table

@constant_table = internal constant [2 x ptr] [ptr @square, ptr @cube]
@mutable_table = internal global [2 x ptr] [ptr @square, ptr @cube]

define internal double @square(double %v) {
  %r = fmul double %v, %v
  ret double %r
}

define internal double @cube(double %v) {
  %s = fmul double %v, %v
  %r = fmul double %s, %v
  ret double %r
}

define internal double @through_argument(double %x, ptr %fn) {
  %r = call double %fn(double %x)
  ret double %r
}

define internal double @through_mutable_table(double %x, i64 %k) {
  %slot = getelementptr [2 x ptr], ptr @mutable_table, i64 0, i64 %k
  %fn = load ptr, ptr %slot
  %r = call double %fn(double %x)
  ret double %r
}

define internal double @through_constant_table(double %x, i64 %k) {
  %slot = getelementptr [2 x ptr], ptr @constant_table, i64 0, i64 %k
  %fn = load ptr, ptr %slot
  %r = call double %fn(double %x)
  ret double %r
}

@enzyme_const = external global i32

define void @main_like(ptr %out, i64 %k) {
  %c = load i32, ptr @enzyme_const
  %a = call double (ptr, ...) @__enzyme_autodiff(ptr @through_argument, double 2.0, i32 %c, ptr @square)
  %b = call double (ptr, ...) @__enzyme_autodiff(ptr @through_mutable_table, double 2.0, i32 %c, i64 %k)
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @through_constant_table, double 2.0, i32 %c, i64 %k)
  store double %a, ptr %out
  ret void
}

declare double @__enzyme_autodiff(ptr, ...)
