// Reverse mode seeds a float result with 1.0. A function returning a struct
// of floats would be differentiated with no seed at all: its gradient came
// out 0.0 without a word. Now a located error.
// RUN: not %clang -g -O0 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %clang -g -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>
#include <math.h>

typedef struct {
  double a, b;
} Pair;

static Pair pair(double x) {
  Pair p = {sin(x), x * x};
  return p;
}

double g(double x) {
  // CHECK: diag-struct-result.c:[[@LINE+1]]:{{[0-9]+}}: in function 'g': 'pair' returns { double, double }, but reverse mode seeds only a float result
  return __enzyme_autodiff((void *)pair, x);
}
