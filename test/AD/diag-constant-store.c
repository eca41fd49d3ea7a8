// Storing an active value into memory passed as enzyme_const.
// RUN: not %clang -g -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>

static void square_into(double x, double *out) {
  *out = x * x;
}

double g(double x, double *out) {
  return __enzyme_autodiff((void *)square_into, x, enzyme_const, out);
}

// CHECK: diag-constant-store.c:8:8: in function 'square_into': storing an active value into memory marked constant
// CHECK-NEXT: instruction: store double
// CHECK-NEXT: note: pass the destination with enzyme_dup
