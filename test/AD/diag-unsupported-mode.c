// Entry points other than combined reverse, forward and split mode (batches,
// forward split) are reported, not ignored.
// RUN: not %clang -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>

double __enzyme_batch(void *, ...);
static double sq(double x) { return x * x; }
double g(double x) { return __enzyme_batch((void *)sq, x); }

// CHECK: in function 'g': '__enzyme_batch' is not supported yet; only combined reverse mode (__enzyme_autodiff*), forward mode (__enzyme_fwddiff*) and split mode (__enzyme_augmentfwd*, __enzyme_reverse*) are
