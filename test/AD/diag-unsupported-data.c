// Data the engine cannot follow is an error, never a silent zero: an
// active pointer turned into an integer that goes through memory before it
// becomes a pointer again. (long double is a derivative type now:
// programs/long_double.c; PowerPC's double-double is not, diag-ppc-fp128.ll.) (An
// integer moved by arithmetic alone is followed: programs/pointer_int_cast.c;
// so is an active pointer parked in a global: programs/global_pointer.c.)
// RUN: not %clang -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>
#include <stdint.h>

__attribute__((noinline)) static double laundered(double *x) {
  volatile uintptr_t bits = (uintptr_t)x;
  double *again = (double *)(bits + 8);
  return again[0] * again[0];
}

void b(double *x, double *dx) { __enzyme_autodiff((void *)laundered, x, dx); }

// CHECK: a pointer to active memory is converted to an integer that becomes a pointer again
