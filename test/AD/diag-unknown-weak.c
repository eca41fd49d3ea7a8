// A weak definition may not be the one that runs: the linker may pick
// another module's strong one. Before, the engine differentiated the weak
// body it saw, and with `double w(double x) { return x * x * x; }` linked
// in, the gradient of 3 w(x) at 0.5 came out 3 (that of 3 x^2) instead of
// 2.25. A call of a weak function with an active argument, and
// differentiating a weak function, are now errors, as an unknown external
// function's are.
// RUN: not %clang -g -O0 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -g -O2 -ferror-limit=0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>

__attribute__((weak)) double w(double x) { return x * x; }

static double f(double x) {
  // CHECK-DAG: diag-unknown-weak.c:[[@LINE+1]]:{{[0-9]+}}: in function 'f': call to 'w' with an active argument: its definition is weak, and the linker may replace it with another module's, so the engine cannot differentiate the body it sees
  return w(x) * 3;
}

double reverse(double x) { return __enzyme_autodiff((void *)f, x); }
double forward(double x) { return __enzyme_fwddiff((void *)f, x, 1.0); }

// CHECK-DAG: diag-unknown-weak.c:[[@LINE+1]]:{{[0-9]+}}: in function 'direct': cannot differentiate 'w': its definition is weak, and the linker may replace it with another module's
double direct(double x) { return __enzyme_autodiff((void *)w, x); }
