// A memcpy between memory the function never reads or writes as typed
// values: the engine cannot tell whether the bytes are floats and says so.
// RUN: not %clang -g -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>
#include <string.h>

__attribute__((noinline)) static void copy(void *dst, const void *src) {
  memcpy(dst, src, 16);
}

void g(void *dst, void *ddst, void *src, void *dsrc) {
  __enzyme_autodiff((void *)copy, dst, ddst, src, dsrc);
}

// CHECK: diag-memcpy-type.c:10:3: in function 'copy': cannot deduce the element type of the memory this copy moves
// CHECK-NEXT: instruction: {{.*}}call void @llvm.memcpy
