// Too few and too many arguments, and a shadow that is not a pointer.
// RUN: not %clang -g -O2 -I%qgrad_include -fpass-plugin=%plugin -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %clang -g -O0 -Xclang -disable-O0-optnone -I%qgrad_include -S -emit-llvm %s -o %t.ll
// RUN: not qgrad-ad %t.ll -o %t.out.ll 2>&1 | FileCheck %s
#include <qgrad/AD/enzyme.h>

static void scale(double x, double *out) { *out = 2.0 * x; }

void too_few(void) {
  __enzyme_autodiff((void *)scale, 1.0);
}

void too_many(double *out, double *dout) {
  __enzyme_autodiff((void *)scale, 1.0, out, dout, 7);
}

void bad_shadow(double *out) {
  __enzyme_autodiff((void *)scale, 1.0, enzyme_dup, out, 2.0);
}

// CHECK-DAG: diag-arguments.c:10:3: in function 'too_few': too few arguments to '__enzyme_autodiff': 'scale' has 2 parameters but no value is given for parameter 2
// CHECK-DAG: diag-arguments.c:14:3: in function 'too_many': too many arguments to '__enzyme_autodiff': 'scale' has 2 parameters, and 1 argument(s) are left over
// CHECK-DAG: diag-arguments.c:18:3: in function 'bad_shadow': the shadow of parameter 2 of 'scale' has type double but must be a pointer
