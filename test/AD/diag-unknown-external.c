// An unknown external function with an active argument: the error names it,
// its caller, the source line, and how to register a rule.
// RUN: not %clang -g -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -g -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>

extern double mystery(double);

static double f(double x) {
  return mystery(x) * x;
}

double g(double x) { return __enzyme_autodiff((void *)f, x); }

// CHECK: diag-unknown-external.c:12:10: in function 'f': call to unknown external function 'mystery' with an active argument
// CHECK-NEXT: instruction: {{.*}}call double @mystery(double
// CHECK-NEXT: note: {{.*}}__enzyme_register_gradient_mystery[3] = {mystery, augmented, reverse}{{.*}}__enzyme_inactivefn
