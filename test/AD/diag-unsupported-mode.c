// Entry points other than combined reverse mode and forward mode (split
// mode, batches) are reported, not ignored.
// RUN: not %clang -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>

void *__enzyme_augmentfwd(void *, ...);
static double sq(double x) { return x * x; }
void *g(double x) { return __enzyme_augmentfwd((void *)sq, x); }

// CHECK: in function 'g': '__enzyme_augmentfwd' is not supported yet; only combined reverse mode (__enzyme_autodiff*) and forward mode (__enzyme_fwddiff*) are
