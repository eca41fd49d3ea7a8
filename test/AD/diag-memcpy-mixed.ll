; memcpy of memory that holds a double and a pointer, addressed only by byte
; offsets (no struct type says which bytes are which): the engine cannot
; tell which adjoints to move back and which shadows to carry forward, and
; says so. (When GEPs index the memory as an array of a struct, it moves
; field by field: programs/memcpy_mixed_struct.c.)
; RUN: not %opt -load-pass-plugin=%plugin -passes=qgrad-ad -disable-output %s 2>&1 | FileCheck %s

; CHECK: error: in function 'f': the memory this copy moves mixes floating-point values with pointers
; CHECK: instruction: call void @llvm.memcpy.p0.p0.i64(ptr %copy, ptr %buf, i64 16, i1 false)

define internal double @f(ptr %x) {
  %x0 = load double, ptr %x
  %v = fmul double %x0, 2.0
  %buf = call ptr @malloc(i64 16)
  store double %v, ptr %buf
  %p8 = getelementptr i8, ptr %buf, i64 8
  store ptr %x, ptr %p8
  %copy = call ptr @malloc(i64 16)
  call void @llvm.memcpy.p0.p0.i64(ptr %copy, ptr %buf, i64 16, i1 false)
  %d = load double, ptr %copy
  %q8 = getelementptr i8, ptr %copy, i64 8
  %q = load ptr, ptr %q8
  %w = load double, ptr %q
  %r = fmul double %d, %w
  ret double %r
}

define void @g(ptr %x, ptr %dx) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx)
  ret void
}

declare ptr @malloc(i64)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @__enzyme_autodiff(ptr, ...)
