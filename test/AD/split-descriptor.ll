; Memref descriptors (structs of pointers and integers) carry shadows: a
; callee returns one by value, another receives one by value and stores it
; into heap memory, the caller loads it back and reads through the pointer
; it extracts. MLIR's unoptimised lowering moves memrefs like this; the
; engine used to refuse the call ("returns pointers inside a struct") or
; find no shadow for the extracted pointer.
; RUN: %opt -load-pass-plugin=%plugin -passes=qgrad-ad -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %clang %t.ll -o %t -lm && %t | FileCheck --check-prefix=OUT %s
; RUN: qgrad-ad --no-preopt %s -o %t2.ll
; RUN: %clang %t2.ll -o %t2 -lm && %t2 | FileCheck --check-prefix=OUT %s
; RUN: qgrad-ad %s -o %t3.ll
; RUN: %clang %t3.ll -o %t3 -lm && %t3 | FileCheck --check-prefix=OUT %s

; The augmented forward of make returns the descriptor and its shadow;
; store_desc takes the descriptor followed by its shadow; the constant's
; shadow has a null pointer where the constant has inttoptr.
; CHECK-LABEL: define internal void @__qgrad_grad_f(
; CHECK: select i1 %c, { ptr, ptr, i64 } %e.shadow, { ptr, ptr, i64 } { ptr null, ptr null, i64 2 }
; CHECK-LABEL: define internal { { ptr, ptr, i64 }, { ptr, ptr, i64 } } @__qgrad_aug_make(ptr
; CHECK-LABEL: define internal void @__qgrad_aug_store_desc(ptr %{{.*}}, ptr %{{.*}}, { ptr, ptr, i64 } %{{.*}}, { ptr, ptr, i64 } %

; f(x) = sin(x0) x0 x1 at (0.5, 2):
; df/dx0 = cos(x0) x0 x1 + sin(x0) x1, df/dx1 = sin(x0) x0
; OUT: dx 1.83643364 0.239712769

@.fmt = private constant [14 x i8] c"dx %.9g %.9g\0A\00"

define internal { ptr, ptr, i64 } @make(ptr %x) noinline {
  %buf = call ptr @malloc(i64 16)
  %x0 = load double, ptr %x
  %x1p = getelementptr double, ptr %x, i64 1
  %x1 = load double, ptr %x1p
  %s = call double @llvm.sin.f64(double %x0)
  %p = fmul double %x0, %x1
  store double %s, ptr %buf
  %b1 = getelementptr double, ptr %buf, i64 1
  store double %p, ptr %b1
  %d0 = insertvalue { ptr, ptr, i64 } poison, ptr %buf, 0
  %d1 = insertvalue { ptr, ptr, i64 } %d0, ptr %buf, 1
  %d2 = insertvalue { ptr, ptr, i64 } %d1, i64 2, 2
  ret { ptr, ptr, i64 } %d2
}

define internal void @store_desc(ptr %slot, { ptr, ptr, i64 } %d) noinline {
  store { ptr, ptr, i64 } %d, ptr %slot
  ret void
}

; The select with a constant descriptor (as a global memref's, whose
; `allocated` field is inttoptr 0xdeadbeef) needs that constant's shadow.
define internal double @f(ptr %x, i1 %c) {
  %d = call { ptr, ptr, i64 } @make(ptr %x)
  %slot = call ptr @malloc(i64 24)
  call void @store_desc(ptr %slot, { ptr, ptr, i64 } %d)
  %e = load { ptr, ptr, i64 }, ptr %slot
  %s = select i1 %c, { ptr, ptr, i64 } %e, { ptr, ptr, i64 } { ptr inttoptr (i64 3735928559 to ptr), ptr null, i64 2 }
  %a = extractvalue { ptr, ptr, i64 } %s, 1
  %v0 = load double, ptr %a
  %a1 = getelementptr double, ptr %a, i64 1
  %v1 = load double, ptr %a1
  %r = fmul double %v0, %v1
  %base = extractvalue { ptr, ptr, i64 } %d, 0
  call void @free(ptr %base)
  call void @free(ptr %slot)
  ret double %r
}

define i32 @main() {
  %x = alloca [2 x double]
  %dx = alloca [2 x double]
  store double 0.5, ptr %x
  %x1 = getelementptr double, ptr %x, i64 1
  store double 2.0, ptr %x1
  store double 0.0, ptr %dx
  %dx1 = getelementptr double, ptr %dx, i64 1
  store double 0.0, ptr %dx1
  %g = call double (ptr, ...) @__enzyme_autodiff(ptr @f, ptr %x, ptr %dx, i1 true)
  %g0 = load double, ptr %dx
  %g1 = load double, ptr %dx1
  %u = call i32 (ptr, ...) @printf(ptr @.fmt, double %g0, double %g1)
  ret i32 0
}

declare double @llvm.sin.f64(double)
declare ptr @malloc(i64)
declare void @free(ptr)
declare double @__enzyme_autodiff(ptr, ...)
declare i32 @printf(ptr, ...)
