// Entry points other than combined reverse mode are reported, not ignored.
// RUN: not %clang -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>

double __enzyme_fwddiff(void *, ...);
static double sq(double x) { return x * x; }
double g(double x) { return __enzyme_fwddiff((void *)sq, x, 1.0); }

// CHECK: in function 'g': '__enzyme_fwddiff' is not supported yet; only combined reverse mode (__enzyme_autodiff*) is
